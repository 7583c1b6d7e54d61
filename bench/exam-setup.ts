// The exam benches' data (bench/exam.ts, bench/exam-save.ts): on a database the server has seeded with the demo,
// N students in the demo student Aarav's section with exam desk sessions, and one test of 10 questions open now.
import pgClient from 'pg';
import { encodeCredential } from '../packages/domain/src/auth/credential.ts';
import { execFileSync } from 'node:child_process';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';

/** N students in Aarav's section, each with an exam desk session, and one test of 10 questions open now. */
export async function prepareExam(databaseUrl: string, students: number, durationMinutes: number) {
  const client = new pgClient.Client({ connectionString: databaseUrl });
  await client.connect();
  const [aarav] = (
    await client.query(`select u.institute_id, e.batch_id, e.academic_year_id from users u
      join students s on s.institute_id = u.institute_id and s.user_id = u.id
      join enrolments e on e.institute_id = s.institute_id and e.student_id = s.id
      where u.phone = '9000000001' order by e.academic_year_id desc limit 1`)
  ).rows as { institute_id: number; batch_id: number; academic_year_id: number }[];
  const { institute_id: instituteId, batch_id: batchId, academic_year_id: yearId } = aarav!;
  const hash = (
    (await client.query(`select password_hash from users where phone = '9000000001' limit 1`)).rows[0] as {
      password_hash: string;
    }
  ).password_hash;
  const users = await client.query(
    `insert into users (institute_id, user_type, name, phone, password_hash, join_date)
     select $1, 1, 'Bench student ' || n, (7700000000 + n)::text, $2, current_date - 100
     from generate_series(1, $3) n returning id`,
    [instituteId, hash, students],
  );
  const userIds = (users.rows as { id: number }[]).map((row) => row.id);
  const studentRows = await client.query(
    `insert into students (institute_id, user_id, display_id)
     select $1, u, 'B' || u from unnest($2::int[]) u returning id, user_id`,
    [instituteId, userIds],
  );
  const studentIds = (studentRows.rows as { id: number; user_id: number }[]).map((row) => row.id);
  await client.query(
    `insert into enrolments (institute_id, student_id, academic_year_id, batch_id)
     select $1, s, $2, $3 from unnest($4::int[]) s`,
    [instituteId, yearId, batchId, studentIds],
  );
  const tokens = userIds.map(() => newToken());
  await client.query(
    `insert into sessions (institute_id, login_id, scope, token_hash, account_user_id, user_id, student_id, user_type,
       device_id, academic_year_ids, expires_at)
     select $1, 'bench-' || u, 'examdesk', h, u, u, s, 1, 'bench', array[$2::int], now() + interval '1 day'
     from unnest($3::int[], $4::int[], $5::text[]) as x(u, s, h)`,
    [instituteId, yearId, userIds, studentIds, tokens.map(hashToken)],
  );
  const [test] = (
    await client.query(
      `insert into exam_tests (institute_id, name, test_type_id, starts_at, ends_at, duration_minutes)
       values ($1, 'Bench test', 4, now() - interval '1 hour', now() + interval '1 day', $2) returning id`,
      [instituteId, durationMinutes],
    )
  ).rows as { id: number }[];
  const testId = test!.id;
  await client.query(`insert into exam_test_batches (institute_id, test_id, batch_id) values ($1, $2, $3)`, [
    instituteId,
    testId,
    batchId,
  ]);
  const [section] = (
    await client.query(`insert into exam_sections (institute_id, test_id, name) values ($1, $2, 'A') returning id`, [
      instituteId,
      testId,
    ])
  ).rows as { id: number }[];
  await client.query(
    `insert into exam_questions (institute_id, test_id, section_id, question_no, ques_type, question, options, correct, marks)
     select $1, $2, $3, n, 1, 'Question ' || n,
       '[{"letter":"a","text":"A"},{"letter":"b","text":"B"},{"letter":"c","text":"C"},{"letter":"d","text":"D"}]'::jsonb,
       'a', 1
     from generate_series(1, 10) n`,
    [instituteId, testId, section!.id],
  );
  await client.end();
  return {
    instituteId,
    testId,
    credentials: tokens.map((token) => encodeCredential({ token, academicYearId: yearId, deviceId: 'bench' })),
  };
}

/**
 * Opens each student's attempt at `testId` as the panel does (launch, open, read the attempt) through `base`; answers
 * each attempt's token and id.
 */
export async function openAttempts(base: string, databaseUrl: string, testId: number, credentials: string[]) {
  const opened: { token: string; attemptId: number }[] = [];
  for (const credential of credentials) {
    const launched = await fetch(`${base}/examPanel/launch`, {
      method: 'POST',
      headers: { authorization: credential, 'content-type': 'application/json' },
      body: JSON.stringify({ test_id: testId }),
    });
    const { launch_token: launchToken } = (await launched.json()) as { launch_token: string };
    const open = await fetch(`${base}/examPanel/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ launch_token: launchToken }),
    });
    const token = ((await open.json()) as { attempt_token: string }).attempt_token;
    const read = await fetch(`${base}/examPanel/attempt`, { headers: { authorization: token } });
    if (!read.ok) throw new Error(`save bench: the attempt read answered ${read.status}`);
    await read.arrayBuffer();
    opened.push({ token, attemptId: 0 });
  }
  const ids = execFileSync(
    'psql',
    [databaseUrl, '-At', '-c', `select credential_hash || ' ' || id from exam_attempts where test_id = ${testId}`],
    { encoding: 'utf8' },
  );
  const idOfHash = new Map(
    ids
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  );
  for (const attempt of opened) attempt.attemptId = Number(idOfHash.get(hashToken(attempt.token)));
  return opened;
}
