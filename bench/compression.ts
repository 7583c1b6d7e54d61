// Sizes and CPU of compressed answers (issue 28): the timetable month, a 100-question test paper and the 5,000-file
// study material course of the bench data, each compressed with node:zlib at several brotli qualities and gzip
// levels. `node --import tsx bench/compression.ts` (in-memory PGlite, about a minute; nothing else needed).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { answerBrotliQuality, buildApp } from '../apps/api/src/app.ts';
import { openPglite } from '../apps/api/src/db/client.ts';
import { localDiskStorage } from '../apps/api/src/lib/storage.ts';
import { benchPassword, generateInto } from './data.ts';
import { identities, requestHeaders, routes } from './routes.ts';

const database = await openPglite();
await generateInto(database, 1, 20);
const app = await buildApp({
  config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
  database,
  storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-files-'))),
  rateLimits: { loginPerMinute: 1000 },
});
const [person] = await identities(database);

/** The body of a bench route as the first bench student asks for it. */
async function routeBody(name: string): Promise<Buffer> {
  const route = routes.find((candidate) => candidate.name === name)!;
  const answer = await app.inject({
    method: route.method,
    url: route.path(person!),
    headers: requestHeaders(route, person!),
    ...(route.body ? { payload: route.body(person!) as object } : {}),
  });
  if (answer.statusCode !== 200) throw new Error(`${name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  return answer.rawPayload;
}

/** A paper of 100 four-option questions of exam-like length, taken by the first bench student. */
async function paperBody(): Promise<Buffer> {
  const [row] = (
    (await database.db.execute(sql`
      select e.institute_id, e.batch_id, u.phone from students s join users u on u.id = s.user_id
      join enrolments e on e.institute_id = s.institute_id and e.student_id = s.id
      join academic_years y on y.id = e.academic_year_id and y.name = '2026-27'
      where s.id = ${person!.studentId}`)) as unknown as {
      rows: { institute_id: number; batch_id: number; phone: string }[];
    }
  ).rows;
  const { institute_id: instituteId, batch_id: batchId, phone } = row!;
  await database.db.execute(sql`
    with test as (
      insert into exam_tests (institute_id, name, test_type_id, starts_at, ends_at, duration_minutes)
      values (${instituteId}, 'Physics mock test 3', 4, now() - interval '1 hour', now() + interval '1 day', 180)
      returning id
    ), batch as (
      insert into exam_test_batches (institute_id, test_id, batch_id) select ${instituteId}, id, ${batchId} from test
    ), section as (
      insert into exam_sections (institute_id, test_id, name) select ${instituteId}, id, 'Physics' from test returning id, test_id
    )
    insert into exam_questions (institute_id, test_id, section_id, question_no, ques_type, question, options, correct, marks, negative_marks)
    select ${instituteId}, section.test_id, section.id, n, 1,
      '<p>A block of mass ' || n || ' kg rests on a rough inclined plane making an angle of 30° with the horizontal. '
        || 'The coefficient of static friction between the block and the plane is 0.' || (n % 9 + 1)
        || '. What is the least force, parallel to the plane, needed to start the block moving up the plane?</p>',
      jsonb_build_array(
        jsonb_build_object('letter', 'a', 'text', (n * 2) || ' N, along the plane'),
        jsonb_build_object('letter', 'b', 'text', (n * 3 + 1) || ' N, along the plane'),
        jsonb_build_object('letter', 'c', 'text', (n * 5 + 2) || ' N, perpendicular to the plane'),
        jsonb_build_object('letter', 'd', 'text', 'The block moves without any force')),
      'b', 4, 1
    from section, generate_series(1, 100) n`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/user/v3/login',
    headers: { host: 'localhost' },
    payload: {
      user_name: phone,
      password: benchPassword,
      device_id: 'bench-compression',
      source: 'WEB',
      logout_from_all_devices: true,
    },
  });
  if (login.statusCode !== 200 || !login.json().result?.examdesk_auth_token)
    throw new Error(`login: ${login.body.slice(0, 300)}`);
  const desk = login.json().result.examdesk_auth_token as string;
  const [test] = (
    (await database.db.execute(sql`select id from exam_tests where name = 'Physics mock test 3'`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const launched = await app.inject({
    method: 'POST',
    url: '/examPanel/launch',
    headers: { authorization: desk, host: 'localhost' },
    payload: { test_id: test!.id },
  });
  const opened = await app.inject({
    method: 'POST',
    url: '/examPanel/open',
    headers: { host: 'localhost' },
    payload: { launch_token: launched.json().launch_token },
  });
  const answer = await app.inject({
    method: 'GET',
    url: '/examPanel/attempt',
    headers: { authorization: opened.json().attempt_token, host: 'localhost' },
  });
  if (answer.statusCode !== 200) throw new Error(`paper: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  return answer.rawPayload;
}

/** Median CPU milliseconds of `work` over enough runs to take about half a second. */
function cpuMs(work: () => void): number {
  work();
  const times: number[] = [];
  const started = process.cpuUsage();
  while (times.length < 5 || (times.length < 200 && process.cpuUsage(started).user < 500_000)) {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const bodies: [string, Buffer][] = [
  ['timetable month', await routeBody('timetable month')],
  ['study material (5,000 files)', await routeBody('study material')],
  // Last: its login ends the bench student's other sessions.
  ['test paper (100 questions)', await paperBody()],
];
await app.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Answer brotli quality in use: ${answerBrotliQuality}\n`);
console.log('| answer | raw | encoding | compressed | CPU per answer |');
console.log('| --- | --- | --- | --- | --- |');
for (const [name, body] of bodies) {
  const encodings: [string, () => Buffer][] = [
    ...[1, 4, 5, 6, 11].map((quality): [string, () => Buffer] => [
      `br q${quality}`,
      () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    ]),
    ['gzip 6', () => gzipSync(body)],
  ];
  for (const [encoding, compress] of encodings) {
    const size = compress().length;
    console.log(`| ${name} | ${kb(body.length)} | ${encoding} | ${kb(size)} | ${cpuMs(compress).toFixed(2)} ms |`);
  }
}
