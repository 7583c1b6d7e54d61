// Fault script (run by .ci/run on PostgreSQL): the API under mixed load while PostgreSQL stops (immediate) for
// 5 s, then SIGTERM under load. Exits non-zero when a promise of issue 6 is broken.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import pgClient from 'pg';
import { decodeCredential } from '../packages/domain/src/auth/credential.ts';
import { hashToken } from '../apps/api/src/lib/tokens.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresControl } from './postgres.ts';

const admin = process.env.FAULTS_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgres = postgresControl(admin);
const port = 8094;
const base = `http://127.0.0.1:${port}`;
const root = new URL('..', import.meta.url).pathname;
const problems: string[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDirs: string[] = [];

function startServer(databaseUrl: string): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-'));
  dataDirs.push(dataDir);
  return spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      // The fault runs log in as demo students on PostgreSQL.
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      LOGIN_PER_MINUTE: '1000000',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitReady(timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) return Date.now() - started;
    } catch {
      // Not ready.
    }
    await sleep(100);
  }
  throw new Error(`not ready within ${timeoutMs} ms`);
}

/** A write that is easy to verify later: a login of a distinct student creates a session. */
async function login(phone: string) {
  const response = await fetch(`${base}/api/v2/user/v3/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: phone, password: 'demo1234', device_id: 'faults', source: 'WEB' }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    result?: { student_auth?: string; institute_id?: number };
  };
  return { status: response.status, session: body.result?.student_auth ? body.result : undefined };
}

async function read(credential: string, instituteId: number) {
  const response = await fetch(`${base}/api/v1/academicYear/all/${instituteId}`, {
    headers: { authorization: credential },
    signal: AbortSignal.timeout(10_000),
  });
  return response.status;
}

interface Sample {
  at: number;
  kind: 'read' | 'write';
  status: number;
  ms: number;
}

async function outage(databaseUrl: string) {
  const server = startServer(databaseUrl);
  await waitReady(120_000);
  const first = await login('9000000001');
  if (!first.session) throw new Error('could not sign in before the outage');
  const acknowledged: { credential: string; instituteId: number }[] = [];
  const samples: Sample[] = [];
  // The demo's bulk students (9800000000…); a login of each creates a session row: the write to check.
  let next = 0;
  const nextPhone = () => String(9800000000 + (next++ % 90));
  let stopAt = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const started = Date.now();
      const isWrite = Math.random() < 0.3;
      try {
        if (isWrite) {
          const result = await login(nextPhone());
          if (result.session)
            acknowledged.push({ credential: result.session.student_auth!, instituteId: result.session.institute_id! });
          samples.push({ at: started, kind: 'write', status: result.status, ms: Date.now() - started });
        } else {
          const status = await read(first.session!.student_auth!, first.session!.institute_id!);
          samples.push({ at: started, kind: 'read', status, ms: Date.now() - started });
        }
      } catch {
        samples.push({ at: started, kind: isWrite ? 'write' : 'read', status: 0, ms: Date.now() - started });
      }
    }
  };
  const workers = Array.from({ length: 8 }, worker);
  await sleep(2000);
  console.log('stopping PostgreSQL (immediate) for 5 s');
  stopAt = Date.now();
  await postgres.stop();
  await sleep(5000);
  await postgres.start();
  while (!(await postgres.isReady())) await sleep(100);
  const pgBack = Date.now();
  const recovery = await waitReady(30_000);
  console.log(`PostgreSQL back; the API was ready ${recovery} ms later`);
  if (recovery > 5000) problems.push(`recovery took ${recovery} ms (> 5000)`);
  await sleep(2000);
  running = false;
  await Promise.all(workers);

  const during = samples.filter((sample) => sample.at >= stopAt + 200 && sample.at < pgBack);
  const statuses = [...new Set(during.map((sample) => sample.status))];
  const slowest = Math.max(0, ...during.map((sample) => sample.ms));
  console.log(`during the outage: ${during.length} requests, statuses ${statuses.join(', ')}, slowest ${slowest} ms`);
  for (const sample of [...during].sort((a, b) => b.ms - a.ms).slice(0, 3))
    console.log(`  ${sample.kind} ${sample.status} in ${sample.ms} ms, sent ${sample.at - stopAt} ms after the stop`);
  if (during.some((sample) => sample.status >= 500 && sample.status !== 503))
    problems.push('a 5xx other than 503 during the outage');
  if (during.some((sample) => sample.status === 0))
    problems.push('a request hung or the connection failed during the outage');
  if (slowest > 3000) problems.push(`an outage answer took ${slowest} ms`);
  const after = samples.filter((sample) => sample.at > pgBack + recovery + 500);
  const failedAfter = after.filter((sample) => sample.status !== 200).length;
  console.log(`after recovery: ${after.length} requests, ${failedAfter} not 200`);
  if (after.length === 0 || failedAfter > 0) problems.push('requests failed after recovery');

  // Every acknowledged login must have stored its session (a later login of the same student may have revoked
  // it, which is an update of the row, not a loss).
  const client = new pgClient.Client({ connectionString: databaseUrl });
  await client.connect();
  const hashes = acknowledged.map((write) => hashToken(decodeCredential(write.credential)!.token));
  const found = await client.query('select count(*)::int as n from sessions where token_hash = any($1)', [hashes]);
  await client.end();
  const lost = acknowledged.length - (found.rows[0] as { n: number }).n;
  console.log(`acknowledged writes: ${acknowledged.length}, lost: ${lost}`);
  if (lost > 0) problems.push(`${lost} acknowledged writes lost`);
  // A pool slot lost in the outage keeps the pool from closing: the shutdown then runs into its 10 s limit.
  const signalledAt = Date.now();
  server.kill('SIGTERM');
  const exitCode = await new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  console.log(`SIGTERM after the outage: exited ${exitCode} after ${Date.now() - signalledAt} ms`);
  if (exitCode !== 0) problems.push(`exit code ${exitCode} after SIGTERM following the outage`);
}

async function sigterm(databaseUrl: string) {
  const server = startServer(databaseUrl);
  await waitReady(120_000);
  const session = (await login('9000000001')).session!;
  const inFlight = Array.from({ length: 40 }, () => read(session.student_auth!, session.institute_id!).catch(() => 0));
  await sleep(20);
  const signalledAt = Date.now();
  server.kill('SIGTERM');
  const exitCode = await new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const exitMs = Date.now() - signalledAt;
  const statuses = await Promise.all(inFlight);
  const accepted = statuses.filter((status) => status !== 0);
  console.log(
    `SIGTERM under load: exited ${exitCode} after ${exitMs} ms; answers ${[...new Set(statuses)].join(', ')}`,
  );
  if (exitMs > 10_000) problems.push(`exit took ${exitMs} ms after SIGTERM`);
  if (accepted.some((status) => status !== 200 && status !== 503))
    problems.push('an accepted request failed during shutdown');
  if (exitCode !== 0) problems.push(`exit code ${exitCode} after SIGTERM`);
}

const name = `portal_faults_${Date.now()}`;
execFileSync('psql', [admin, '-q', '-c', `create database ${name}`]);
const databaseUrl = admin.replace(/\/[^/]*$/, `/${name}`);
try {
  await outage(databaseUrl);
  await sigterm(databaseUrl);
} finally {
  if (!(await postgres.isReady())) await postgres.start();
  execFileSync('psql', [admin, '-q', '-c', `drop database if exists ${name} with (force)`]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`faults: ${problems.length} failed: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('faults: all promises kept');
