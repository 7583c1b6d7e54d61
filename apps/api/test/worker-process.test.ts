import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { reportStaleTests } from '../src/db/schema/report.ts';
import { jobKinds } from '../src/features/index.ts';
import { markRanksStale } from '../src/features/report/index.ts';
import { openJobQueue, type JobQueue } from '../src/lib/job-queue.ts';
import { createExamTest } from './factories/exam.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createAttempt } from './factories/report.ts';
import { createMigratedDatabase, onPostgres } from './helpers.ts';
import { databaseUrl } from './template.ts';

const workerEntry = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Runs `src/worker.ts` with `args` and `env`; `exited` answers its exit code once it ends. */
function startWorker(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [workerEntry, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('npm run worker', () => {
  it('refuses to start without DATABASE_URL, in one line: the embedded database runs its jobs in npm start', async () => {
    const worker = startWorker([], { DATA_DIR: '/nonexistent' });
    expect(await worker.exited).toBe(1);
    expect(worker.output().trim().split('\n')).toEqual([
      'DATABASE_URL: the worker runs beside API processes on PostgreSQL; on the embedded database `npm start` runs the jobs itself',
    ]);
  });
});

// PostgreSQL only: the worker process beside an API process that only enqueues (WORKER=off).
describe.runIf(onPostgres)('the worker process on PostgreSQL', () => {
  let database: Database;
  let api: JobQueue;
  let url = '';
  beforeAll(async () => {
    database = await createMigratedDatabase();
    const current = await database.db.execute(sql`select current_database() as name`);
    url = databaseUrl((current as unknown as { rows: { name: string }[] }).rows[0]!.name);
    api = openJobQueue(database, { kinds: jobKinds, log: silent });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.close();
  });

  it('ranks what an API process enqueued, logs the queue, and on SIGTERM finishes and exits 0', async () => {
    const db = database.db;
    const school = await createInstitute(db);
    const testId = await createExamTest(db, school, { name: 'Released', isResultPublished: true });
    const student = await createStudent(db, school);
    const attemptId = await createAttempt(db, school, student, testId, { answers: { 1: 'b' } });
    expect(await markRanksStale({ db, now: () => new Date(), jobs: api, log: silent }, school.id, attemptId)).toBe(
      true,
    );

    const health = startWorker(['--health'], { DATABASE_URL: url });
    expect(await health.exited).toBe(0);
    // Deferred a second, or waiting since, as the check's own start may take that long.
    expect(health.output()).toMatch(
      /^job queue: (waiting 0, deferred 1, running 0, oldest waiting none|waiting 1, deferred 0, running 0, oldest waiting \d s)\n$/,
    );

    const worker = startWorker([], { DATABASE_URL: url });
    await expect.poll(() => db.select().from(reportStaleTests), { timeout: 20_000, interval: 100 }).toEqual([]);
    expect(worker.output()).toContain('"msg":"worker started"');
    // The depth line, at start and once a minute.
    await expect
      .poll(worker.output, { timeout: 10_000, interval: 50 })
      .toMatch(/"msg":"job queue: waiting \d+, deferred \d+, running \d+, oldest waiting (none|\d+ s)"/);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('"msg":"worker stopped"');
  });

  it('fails its health check when a job has waited over five minutes (no worker takes them)', async () => {
    await api.enqueue(
      jobKinds.find((kind) => kind.name === 'rank-test')!,
      { instituteId: 0, testId: 0 },
      { key: 'x' },
    );
    await database.db.execute(sql`update pgboss.job set created_on = now() - interval '6 minutes'
      where name = 'rank-test' and state = 'created'`);
    const health = startWorker(['--health'], { DATABASE_URL: url });
    expect(await health.exited).toBe(1);
    expect(health.output()).toMatch(
      /^job queue: waiting 1, deferred 0, running 0, oldest waiting 36\d s \(over 300 s\)\n$/,
    );
  });
});
