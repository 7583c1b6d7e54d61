// Exam report bench (issue 15): one test taken by 50,000 students on PostgreSQL. Times the set-based ranking
// (`rankTest`, one rank() statement), then loads the report route of the production server over HTTP
// (autocannon, as the other routes) next to a hello-world, for p50, p99 and their ratios.
//
//   npm run bench -- --only report          (part 'report' of bench/run.ts)
//   node --import tsx bench/report.ts [--attempts 50000] [--seconds 8] [--connections 20]
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { rankTest } from '../apps/api/src/features/report/index.ts';
import { localDiskStorage } from '../apps/api/src/lib/storage.ts';
import { signIn } from '../apps/api/test/auth-helpers.ts';
import { createExamTest } from '../apps/api/test/factories/exam.ts';
import { createInstitute, createStudent } from '../apps/api/test/factories/institutes.ts';
import { fixedNow } from '../apps/api/test/template.ts';
import { start, stop, waitFor } from './servers.ts';

export interface ReportBench {
  attempts: number;
  rank: number;
  students: number;
  rankTestMs: number;
  report: { requestsPerSecond: number; p50: number; p99: number; non2xx: number };
  hello: { requestsPerSecond: number; p50: number; p99: number };
  /** Report req/s as a share of hello-world's, in percent (autocannon's whole milliseconds make p50 ratios coarse). */
  throughputSharePercent: number;
  /** Report ÷ hello-world latency at the same load (hello-world's 0 ms counts as 1). */
  p50Ratio: number;
  p99Ratio: number;
}

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The report bench on a database of its own, created on the PostgreSQL server of `databaseUrl` and dropped after.
 * The server and the hello-world listen on `port` and `port + 1`.
 */
export async function measureReport({
  databaseUrl,
  attempts = 50_000,
  seconds = 8,
  connections = 20,
  port = 8111,
}: {
  databaseUrl: string;
  attempts?: number;
  seconds?: number;
  connections?: number;
  port?: number;
}): Promise<ReportBench> {
  const name = `bench_report_${randomBytes(4).toString('hex')}`;
  await admin(databaseUrl, `create database ${name}`);
  const url = withDatabase(databaseUrl, name);
  const children: ChildProcess[] = [];
  try {
    const database = await openPostgres(url, { poolSize: 4 });
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
      sql.raw(`insert into exam_attempts (institute_id, test_id, user_id, attempt_no, started_at, ends_at,
        submitted_at, submitted_by, credential_hash, score, result)
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
    const rankTestMs = Math.round(performance.now() - rankStart);

    // A session for the load, made in process; the server reads it from the database.
    const app = await buildApp({
      storage: localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-report-'))),
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
      database,
      rateLimits: { loginPerMinute: 1000 },
    });
    const session = await signIn(app, { user_name: student.login, password: student.password });
    await app.close(); // closes the database too

    children.push(
      start('apps/api/src/server.ts', {
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-report-data-')),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      }),
      start('bench/hello.ts', { PORT: String(port + 1) }),
    );
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    await waitFor(`http://127.0.0.1:${port + 1}/`);
    const path = `/api/v1/studentdashboard/testReports/${session.account_id}/${session.user_id}/${testId}/-1`;
    const headers = { authorization: session.scorecard_auth_token, host: 'localhost' };
    const first = await fetch(`http://localhost:${port}${path}`, { headers: { authorization: headers.authorization } });
    const body = (await first.json()) as { test_report?: { rank: number; total_students: number } };
    if (first.status !== 200 || !body.test_report) throw new Error(`report answered ${first.status}`);

    const load = (target: string, options: Partial<autocannon.Options> = {}) =>
      autocannon({ url: target, connections, duration: seconds, ...options });
    const report = await load(`http://127.0.0.1:${port}${path}`, { headers });
    const hello = await load(`http://127.0.0.1:${port + 1}/`);
    const ratio = (a: number, b: number) => Math.round((a / Math.max(b, 1)) * 10) / 10;
    return {
      attempts,
      rank: body.test_report.rank,
      students: body.test_report.total_students,
      rankTestMs,
      report: {
        requestsPerSecond: Math.round(report.requests.average),
        p50: report.latency.p50,
        p99: report.latency.p99,
        non2xx: report.non2xx,
      },
      hello: {
        requestsPerSecond: Math.round(hello.requests.average),
        p50: hello.latency.p50,
        p99: hello.latency.p99,
      },
      throughputSharePercent: Math.round((report.requests.average / Math.max(hello.requests.average, 1)) * 1000) / 10,
      p50Ratio: ratio(report.latency.p50, hello.latency.p50),
      p99Ratio: ratio(report.latency.p99, hello.latency.p99),
    };
  } finally {
    for (const child of children) await stop(child);
    await admin(databaseUrl, `drop database if exists ${name} with (force)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      attempts: { type: 'string', default: '50000' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '20' },
      'database-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  });
  const measured = await measureReport({
    databaseUrl: values['database-url']!,
    attempts: Number(values.attempts),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  });
  console.log(JSON.stringify(measured, null, 2));
}
