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
import { describeSaves, examLoad, percentile, sleep, sleepUntil } from './exam-load.ts';
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
  const load = examLoad({ base, everyMs, cutShare });
  const loadStart = Date.now();
  const stopAt = loadStart + rampMs + runMs;
  const runs = credentials.map((credential) => load.student(credential, testId, Math.random() * rampMs, stopAt));

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
  const checked = await load.check({ databaseUrl, testId, students, durationMinutes, results });
  const p50 = percentile(load.figures.latencies, 50);
  const hello = await helloP50(students);
  console.log(describeSaves(load.figures));
  console.log(`hello-world p50 at the same pace ${hello.toFixed(1)} ms: save p50 is ${(p50 / hello).toFixed(1)}×`);
  console.log(checked.summary);
  problems.push(...checked.problems);
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
