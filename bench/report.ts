// Exam report bench (issue 15): one test taken by 50,000 students on PostgreSQL. Times the set-based ranking
// (`rankTest`, one rank() statement) and the report route (in process, app.inject) p50/p99 against the health
// route answered the same way, so the ratio leaves out the network.
//
//   node --import tsx bench/report.ts [--attempts 50000] [--requests 2000]
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { rankTest } from '../apps/api/src/lib/exam-results.ts';
import { localDiskStorage } from '../apps/api/src/lib/storage.ts';
import { signIn } from '../apps/api/test/auth-helpers.ts';
import { createExamTest, createInstitute, createStudent } from '../apps/api/test/factories.ts';
import { adminQuery, databaseUrl, fixedNow } from '../apps/api/test/template.ts';

const { values: args } = parseArgs({
  options: { attempts: { type: 'string', default: '50000' }, requests: { type: 'string', default: '2000' } },
});
const attempts = Number(args.attempts);
const requests = Number(args.requests);

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_report_${randomBytes(4).toString('hex')}`;
await adminQuery(`create database ${name}`);
const database = await openPostgres(databaseUrl(name), { poolSize: 4 });
try {
  await runMigrations(database);
  const { db } = database;
  const school = await createInstitute(db, { host: 'localhost' });
  const student = await createStudent(db, school);
  const testId = await createExamTest(db, school, { name: 'Bench test', isResultPublished: true });
  const started = fixedNow.getTime() - 3_600_000;
  const result = (right: string) =>
    `jsonb_build_object('right_ques_count', ${right}, 'wrong_ques_count', 1, 'left_ques_count', 1,
      'partial_ques_count', 0, 'pending_ques_count', 0, 'per_question', '[]'::jsonb)`;
  // The users and their attempts, set-based; scores repeat (ties) as in a real paper.
  await db.execute(
    sql.raw(`insert into users (institute_id, user_type, name, password_hash, join_date)
    select ${school.id}, 1, 'Bench ' || g, 'x', '2026-01-01' from generate_series(1, ${attempts - 1}) g`),
  );
  await db.execute(
    sql.raw(`insert into exam_attempts (institute_id, test_id, user_id, attempt_no, started_at, ends_at, submitted_at,
      submitted_by, credential_hash, score, result)
    select ${school.id}, ${testId}, u.id, 1, to_timestamp(${started / 1000}), to_timestamp(${started / 1000} + 1800),
      to_timestamp(${started / 1000} + 600 + (u.id % 1200)), 'student', md5(u.id::text || 'bench'),
      ((u.id * 7919) % 85) / 4.0 - 1, ${result('(u.id % 5)')}
    from users u where u.institute_id = ${school.id} and u.name like 'Bench %'`),
  );
  await db.execute(
    sql.raw(`insert into exam_attempts (institute_id, test_id, student_id, user_id, attempt_no, started_at, ends_at,
      submitted_at, submitted_by, credential_hash, score, result)
    values (${school.id}, ${testId}, ${student.studentId}, ${student.userId}, 1, to_timestamp(${started / 1000}),
      to_timestamp(${started / 1000} + 1800), to_timestamp(${started / 1000} + 900), 'student', 'bench-own', 9.5,
      ${result('3')})`),
  );
  await db.execute(sql`analyze`);
  const rankStart = performance.now();
  await rankTest(db, school.id, testId, fixedNow);
  const rankMs = performance.now() - rankStart;

  const app = await buildApp({
    storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-report-'))),
    config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
    database,
    now: () => fixedNow,
    rateLimits: { loginPerMinute: 1000 },
  } as Parameters<typeof buildApp>[0]);
  const session = await signIn(app, { user_name: student.login, password: student.password });
  const url = `/api/v1/studentdashboard/testReports/${session.account_id}/${session.user_id}/${testId}/-1`;
  const headers = { authorization: session.scorecard_auth_token, host: 'localhost' };
  const first = await app.inject({ method: 'GET', url, headers });
  if (first.statusCode !== 200) throw new Error(`report answered ${first.statusCode}: ${first.body}`);
  const time = async (call: () => Promise<unknown>) => {
    for (let i = 0; i < 100; i += 1) await call();
    const samples: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const start = performance.now();
      await call();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    return { p50: samples[Math.floor(samples.length * 0.5)]!, p99: samples[Math.floor(samples.length * 0.99)]! };
  };
  const reportTimes = await time(() => app.inject({ method: 'GET', url, headers }));
  const hello = await time(() => app.inject({ method: 'GET', url: '/healthz', headers: { host: 'localhost' } }));
  const body = first.json();
  console.log(
    JSON.stringify(
      {
        attempts,
        rank: body.test_report.rank,
        students: body.test_report.total_students,
        rankTestMs: Math.round(rankMs),
        reportP50Ms: +reportTimes.p50.toFixed(2),
        reportP99Ms: +reportTimes.p99.toFixed(2),
        healthP50Ms: +hello.p50.toFixed(2),
        ratioP50: +(reportTimes.p50 / hello.p50).toFixed(1),
      },
      null,
      2,
    ),
  );
  // Closing the app closes the database.
  await app.close();
} finally {
  await adminQuery(`drop database if exists ${name} with (force)`);
}
