// Exam load and fault script (issue 14; a short run is part of .ci/run): N students start the same test within a
// ramp and each saves an answer every 5 s for D seconds against the production server on PostgreSQL; some
// connections are cut in the middle of a save (the client retries with the same seq); optionally the API process
// is killed and restarted a quarter into the saves (--kill) and PostgreSQL is stopped for 5 s at 60 % (--pg-stop:
// the machine's cluster, or BENCH_PG_DATA's, see postgres.ts; never a cluster others are using).
// Afterwards the database and the API are checked: every acknowledged answer present exactly once, one attempt
// per student, and every attempt's remaining time counted from the moment that student really started.
//
//   node --import tsx bench/exam.ts --students 1000 --ramp 60 --seconds 300 --kill --pg-stop
//
// Exits non-zero when an acknowledged answer is lost or duplicated, a save is never acknowledged, a student gets no
// attempt or more than one, or an attempt's time is wrong.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pgClient from 'pg';
import { hashToken } from '../apps/api/src/lib/tokens.ts';
import { prepareExam } from './exam-setup.ts';
import { postgresControl } from './postgres.ts';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    ramp: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '300' },
    every: { type: 'string', default: '5' },
    cut: { type: 'string', default: '0.02' },
    port: { type: 'string', default: '8110' },
    kill: { type: 'boolean', default: false },
    'pg-stop': { type: 'boolean', default: false },
    /** Seconds of the hello-world reference. */
    hello: { type: 'string', default: '10' },
  },
});
const students = Number(args.students);
const rampMs = Number(args.ramp) * 1000;
const runMs = Number(args.seconds) * 1000;
const everyMs = Number(args.every) * 1000;
const cutShare = Number(args.cut);
const port = Number(args.port);
const base = `http://localhost:${port}`;
const admin = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgres = postgresControl(admin);
/** The bench test's duration: every attempt ends this long after its start (the window ends a day later). */
const durationMinutes = 60;
const root = new URL('..', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const problems: string[] = [];
const dataDirs: string[] = [];

function startProcess(script: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function startServer(databaseUrl: string): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'exam-bench-'));
  dataDirs.push(dataDir);
  return startProcess(['apps/api/src/server.ts'], {
    DATABASE_URL: databaseUrl,
    // The demo's Aarav is the bench students' classmate; a restart keeps the seeded database.
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
  });
}

async function waitReady(url: string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return Date.now() - started;
    } catch {
      // Not ready.
    }
    await sleep(100);
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

interface Acked {
  seq: number;
  answer: string;
}

const saveLatencies: number[] = [];
/** Failed tries other than the cuts, by status (0: no answer), each retried. */
const saveErrors = new Map<number, number>();
const countError = (status: number) => saveErrors.set(status, (saveErrors.get(status) ?? 0) + 1);
let cuts = 0;
let retries = 0;
/** Saves still unacknowledged 30 s after the end: the server never came back for them. */
let gaveUp = 0;

/** One request; a cut aborts it mid-flight (the connection closes under the server). */
async function send(path: string, init: RequestInit & { authorization?: string }, cut = false) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), cut ? 2 + Math.random() * 8 : 15_000);
  try {
    return await fetch(`${base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.authorization ? { authorization: init.authorization } : {}),
      },
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A student: launch, open, then a save every `everyMs` until the end; each save retried until acknowledged.
 * Answers when the first launch went out and when the attempt was opened: the attempt's start lies between.
 */
async function student(credential: string, testId: number, startDelay: number, stopAt: number) {
  await sleep(startDelay);
  const acked = new Map<number, Acked>();
  let attemptToken = '';
  const launchedAt = Date.now();
  for (let tries = 0; !attemptToken && Date.now() < stopAt; tries += 1) {
    try {
      const launched = await send('/examPanel/launch', {
        method: 'POST',
        authorization: credential,
        body: JSON.stringify({ test_id: testId }),
      });
      if (!launched.ok) throw new Error(`launch ${launched.status}`);
      const { launch_token: launchToken } = (await launched.json()) as { launch_token: string };
      const opened = await send('/examPanel/open', {
        method: 'POST',
        body: JSON.stringify({ launch_token: launchToken }),
      });
      if (!opened.ok) throw new Error(`open ${opened.status}`);
      attemptToken = ((await opened.json()) as { attempt_token: string }).attempt_token;
    } catch {
      await sleep(500 + Math.random() * 1000);
    }
  }
  const openedAt = Date.now();
  if (!attemptToken) return { attemptToken, acked, launchedAt, openedAt };
  let seq = 0;
  while (Date.now() < stopAt) {
    const next = Date.now() + everyMs;
    seq += 1;
    const change = { question_no: 1 + Math.floor(Math.random() * 10), seq, answer: 'abcd'[seq % 4]! };
    for (;;) {
      const cut = Math.random() < cutShare;
      const started = performance.now();
      try {
        const response = await send(
          '/examPanel/attempt/answers',
          { method: 'PUT', authorization: attemptToken, body: JSON.stringify({ answers: [change] }) },
          cut,
        );
        if (response.status === 200) {
          await response.json();
          saveLatencies.push(performance.now() - started);
          acked.set(change.question_no, { seq: change.seq, answer: change.answer });
          break;
        }
        countError(response.status);
        await response.body?.cancel().catch(() => undefined);
      } catch {
        if (cut) cuts += 1;
        else countError(0);
      }
      retries += 1;
      if (Date.now() > stopAt + 30_000) {
        gaveUp += 1;
        break;
      }
      await sleep(200 + Math.random() * 800);
    }
    await sleep(Math.max(0, next - Date.now()));
  }
  return { attemptToken, acked, launchedAt, openedAt };
}

/** Runs `work` over `items`, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The hello-world reference at the same concurrency: p50 of a GET. */
async function helloP50(concurrency: number) {
  const helloPort = port + 8;
  const hello = startProcess(['bench/hello.ts'], { PORT: String(helloPort) });
  await waitReady(`http://127.0.0.1:${helloPort}/`, 30_000);
  const latencies: number[] = [];
  const stopAt = Date.now() + Number(args.hello) * 1000;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, 200) }, async () => {
      while (Date.now() < stopAt) {
        const started = performance.now();
        await (await fetch(`http://127.0.0.1:${helloPort}/`)).json();
        latencies.push(performance.now() - started);
        await sleep(everyMs / 10);
      }
    }),
  );
  hello.kill('SIGTERM');
  return percentile(latencies, 50);
}

const name = `portal_exam_bench_${Date.now()}`;
const began = Date.now();
execFileSync('psql', [admin, '-q', '-c', `create database ${name}`]);
const databaseUrl = admin.replace(/\/[^/]*$/, `/${name}`);
let server: ChildProcess | undefined;
try {
  server = startServer(databaseUrl);
  await waitReady(`${base}/readyz`, 180_000);
  const { testId, credentials } = await prepareExam(databaseUrl, students, durationMinutes);
  console.log(
    `${students} students, ramp ${rampMs / 1000} s, saves every ${everyMs / 1000} s for ${runMs / 1000} s` +
      `${args.kill ? ', API killed' : ''}${args['pg-stop'] ? ', PostgreSQL stopped' : ''}`,
  );
  const loadStart = Date.now();
  const stopAt = loadStart + rampMs + runMs;
  const runs = credentials.map((credential) => student(credential, testId, Math.random() * rampMs, stopAt));

  // The faults fall inside the saves, each with saves after it that must find the server back.
  if (args.kill) {
    await sleepUntil(loadStart + rampMs + runMs * 0.25);
    console.log('killing the API (SIGKILL) and starting it again');
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    server = startServer(databaseUrl);
    console.log(`API back after ${await waitReady(`${base}/readyz`, 60_000)} ms`);
  }
  if (args['pg-stop']) {
    await sleepUntil(loadStart + rampMs + runMs * 0.6);
    console.log(`stopping PostgreSQL (${postgres.name}, immediate) for 5 s`);
    await postgres.stop();
    await sleep(5000);
    await postgres.start();
    while (!(await postgres.isReady())) await sleep(100);
    console.log(`PostgreSQL back; the API ready ${await waitReady(`${base}/readyz`, 30_000)} ms later`);
  }
  const results = await Promise.all(runs);

  // Every acknowledged answer is in the database exactly once (one row per question, a primary key), with a seq
  // at least the acknowledged one, and the acknowledged answer when the seq is the same.
  const client = new pgClient.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = (
    await client.query(
      `select a.credential_hash, x.question_no, x.seq, x.answer
       from exam_attempts a join exam_answers x on x.institute_id = a.institute_id and x.attempt_id = a.id
       where a.test_id = $1`,
      [testId],
    )
  ).rows as { credential_hash: string; question_no: number; seq: number; answer: string }[];
  const attempts = (
    await client.query(
      `select count(*)::int as n,
         count(*) filter (where ends_at - started_at <> make_interval(mins => $2))::int as wrong,
         (select count(*)::int from (select 1 from exam_attempts where test_id = $1
            group by institute_id, user_id having count(*) > 1) twice) as students_twice
       from exam_attempts where test_id = $1`,
      [testId, durationMinutes],
    )
  ).rows[0] as { n: number; wrong: number; students_twice: number };
  await client.end();
  const stored = new Map<string, (typeof rows)[number]>();
  let duplicated = 0;
  for (const row of rows) {
    const key = `${row.credential_hash}:${row.question_no}`;
    if (stored.has(key)) duplicated += 1;
    stored.set(key, row);
  }
  let acknowledged = 0;
  let lost = 0;
  for (const { attemptToken, acked } of results) {
    for (const [questionNo, ack] of acked) {
      acknowledged += 1;
      const row = stored.get(`${hashToken(attemptToken)}:${questionNo}`);
      if (!row || row.seq < ack.seq || (row.seq === ack.seq && row.answer !== ack.answer)) lost += 1;
    }
  }

  // The remaining time each panel is told now: counted from the moment its student really started (after the
  // first launch went out, before the attempt was opened), on the server's clock, neither reset by the restart
  // nor stretched by the outage.
  let timeWrong = 0;
  await eachLimited(
    results.filter((result) => result.attemptToken),
    20,
    async ({ attemptToken, launchedAt, openedAt }) => {
      const sent = Date.now();
      const response = await fetch(`${base}/examPanel/attempt`, { headers: { authorization: attemptToken } });
      const read = (await response.json()) as {
        status: string;
        started_at: number;
        ends_at: number;
        server_time: number;
        remaining_seconds: number;
      };
      const received = Date.now();
      const right =
        response.status === 200 &&
        read.status === 'open' &&
        read.started_at >= launchedAt - 1000 &&
        read.started_at <= openedAt + 1000 &&
        read.ends_at === read.started_at + durationMinutes * 60_000 &&
        read.server_time >= sent - 1000 &&
        read.server_time <= received + 1000 &&
        read.remaining_seconds === Math.floor((read.ends_at - read.server_time) / 1000);
      if (!right) timeWrong += 1;
    },
  );

  const p50 = percentile(saveLatencies, 50);
  const p99 = percentile(saveLatencies, 99);
  const hello = await helloP50(students);
  const errors = [...saveErrors.values()].reduce((sum, count) => sum + count, 0);
  const byStatus = [...saveErrors].map(([status, count]) => `${status || 'no answer'}: ${count}`).join(', ');
  console.log(
    `saves acknowledged ${saveLatencies.length}, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
      `errors ${errors}${byStatus ? ` (${byStatus})` : ''}, connections cut ${cuts}, retries ${retries}, ` +
      `given up ${gaveUp}`,
  );
  console.log(`hello-world p50 at the same pace ${hello.toFixed(1)} ms: save p50 is ${(p50 / hello).toFixed(1)}×`);
  console.log(
    `attempts ${attempts.n} for ${students} students (students with two: ${attempts.students_twice}; ` +
      `end not start + ${durationMinutes} min: ${attempts.wrong}; remaining time wrong: ${timeWrong}); ` +
      `acknowledged answers ${acknowledged}, lost ${lost}, duplicated ${duplicated}`,
  );
  if (lost > 0) problems.push(`${lost} acknowledged answers lost`);
  if (duplicated > 0) problems.push(`${duplicated} answers stored twice`);
  if (gaveUp > 0) problems.push(`${gaveUp} saves never acknowledged`);
  if (attempts.wrong > 0) problems.push(`${attempts.wrong} attempts with a wrong end`);
  if (timeWrong > 0) problems.push(`${timeWrong} attempts with a wrong remaining time`);
  if (attempts.n !== students) problems.push(`${attempts.n} attempts for ${students} students`);
  if (attempts.students_twice > 0) problems.push(`${attempts.students_twice} students with two attempts`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (args['pg-stop'] && !(await postgres.isReady())) await postgres.start();
  execFileSync('psql', [admin, '-q', '-c', `drop database if exists ${name} with (force)`]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
console.log(`exam bench: took ${((Date.now() - began) / 1000).toFixed(0)} s`);
if (problems.length > 0) {
  console.error(`exam bench: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('exam bench: every acknowledged answer kept once, every attempt on time');
