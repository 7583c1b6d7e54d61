import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase } from '../../test/helpers.ts';
import { waitForJobs } from '../../test/jobs.ts';
import type { Database } from '../db/client.ts';
import { defineJob, openJobQueue, type JobContext, type JobKind, type JobQueue } from './job-queue.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A queue over `database` that works `kinds` in this process, as an API process on WORKER=inline does. */
async function workingQueue(database: Database, kinds: JobKind[]): Promise<JobQueue> {
  const jobs = openJobQueue(database, { kinds, log: silent, works: true, stopTimeoutMs: 5000 });
  const context: JobContext = { db: database.db, now: () => new Date(), log: silent, jobs };
  jobs.work(context);
  await jobs.start();
  return jobs;
}

// The queue on this run's database (PGlite, or PostgreSQL on the second pass): pg-boss through the app's Database.
describe('the job queue', () => {
  let database: Database;
  let jobs: JobQueue;
  const runs: Record<string, number[]> = { flaky: [], counted: [] };
  let flakyFailures = 2;
  const seen: string[] = [];
  const events: string[] = [];
  let release = () => undefined as void;

  const flaky = defineJob<{ n: number }>({
    name: 'test-flaky',
    retries: 3,
    retryDelaySeconds: 1,
    pollSeconds: 0.5,
    async run() {
      runs.flaky!.push(runs.flaky!.length);
      if (flakyFailures > 0) {
        flakyFailures -= 1;
        throw new Error('not yet');
      }
    },
  });
  const counted = defineJob<{ label: string }>({
    name: 'test-counted',
    pollSeconds: 0.5,
    atOnce: 2,
    async run(_context, { label }) {
      runs.counted!.push(runs.counted!.length);
      seen.push(label);
      events.push(`${label} starts`);
      if (label === 'held') await new Promise<void>((resolve) => (release = resolve));
      events.push(`${label} ends`);
    },
  });

  beforeAll(async () => {
    database = await createMigratedDatabase();
    jobs = await workingQueue(database, [flaky, counted]);
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('tries a failing job again after growing pauses: failing twice, then succeeding, it runs three times', async () => {
    expect(await jobs.enqueue(flaky, { n: 1 }, { key: 'one' })).toBe(true);
    await waitForJobs(jobs);
    expect(runs.flaky).toHaveLength(3);
    // The pauses between tries are pg-boss's (its own tests time them): what is checked is that the job carries the
    // kind's policy, a 1 s first pause doubling up to 10 minutes, and that it succeeded on its third try. No clock is
    // read here (the pauses were timed once, 1.0–2.0 s then 2.0–4.0 s, session 21).
    const stored = await database.db.execute(
      sql`select state, retry_count, retry_limit, retry_delay, retry_backoff, retry_delay_max
          from pgboss.job where name = 'test-flaky'`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
      {
        state: 'completed',
        retry_count: 2,
        retry_limit: 3,
        retry_delay: 1,
        retry_backoff: true,
        retry_delay_max: 600,
      },
    ]);
    expect(await jobs.depth()).toEqual({ waiting: 0, deferred: 0, running: 0, oldestWaitingSeconds: null });
  });

  it('adds one job for enqueues with one key while it waits, and runs it once', async () => {
    const added = await Promise.all(
      ['first', 'second', 'third'].map((label) => jobs.enqueue(counted, { label }, { key: 'same', delaySeconds: 1 })),
    );
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await jobs.enqueue(counted, { label: 'fourth' }, { key: 'same' })).toBe(false);
    expect(await jobs.depth()).toMatchObject({ deferred: 1, running: 0 });
    await waitForJobs(jobs);
    expect(seen).toHaveLength(1);
    expect(runs.counted).toHaveLength(1);
  });

  it('keeps one more job while a key runs, and runs it after, never beside it', async () => {
    seen.length = 0;
    await jobs.enqueue(counted, { label: 'held' }, { key: 'object-1' });
    await waitUntil(() => events.includes('held starts'));
    // A change while it runs: one more job, not two; and another object's job runs meanwhile.
    expect(await jobs.enqueue(counted, { label: 'after' }, { key: 'object-1' })).toBe(true);
    expect(await jobs.enqueue(counted, { label: 'after again' }, { key: 'object-1' })).toBe(false);
    expect(await jobs.enqueue(counted, { label: 'other' }, { key: 'object-2' })).toBe(true);
    await waitUntil(() => events.includes('other ends'));
    release();
    await waitForJobs(jobs);
    expect(seen).toEqual(['held', 'other', 'after']);
    expect(events.indexOf('after starts')).toBeGreaterThan(events.indexOf('held ends'));
  });

  it('stops taking jobs on stop, and lets the running one finish first', async () => {
    events.length = 0;
    await jobs.enqueue(counted, { label: 'held' }, { key: 'object-3' });
    await waitUntil(() => events.includes('held starts'));
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await jobs.enqueue(counted, { label: 'too late' }, { key: 'object-4' });
    // Polled twice over (every half second): stopping, it takes no job, and waits for the one it runs.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(events).toEqual(['held starts', 'held ends']);
    expect(await jobs.depth()).toMatchObject({ waiting: 1, running: 0 });
  });
});

describe('recurring jobs as a process starts', () => {
  const ran: string[] = [];
  const recurring = (name: string, atStart: boolean) =>
    defineJob({
      name,
      everySeconds: 3600,
      atStart,
      pollSeconds: 0.5,
      async run() {
        ran.push(name);
      },
    });
  const kinds = [recurring('test-at-start', true), recurring('test-each-period', false)];

  it('sends a kind marked atStart as a working process starts, not a period later, again after a restart', async () => {
    ran.length = 0;
    const database = await createMigratedDatabase();
    try {
      // Two starts within one period (an hour here): the second runs it again, though the first took the slot.
      for (const start of [1, 2]) {
        const jobs = await workingQueue(database, kinds);
        await waitForJobs(jobs);
        await jobs.stop();
        expect(ran).toEqual(Array.from({ length: start }, () => 'test-at-start'));
      }
    } finally {
      await database.close();
    }
  });

  it('sends none when an enqueue started the queue (an app answering through inject)', async () => {
    ran.length = 0;
    const database = await createMigratedDatabase();
    const jobs = openJobQueue(database, { kinds, log: silent, works: true, stopTimeoutMs: 5000 });
    jobs.work({ db: database.db, now: () => new Date(), log: silent, jobs });
    try {
      expect(await jobs.enqueue(kinds[1]!, {}, { key: 'asked' })).toBe(true);
      await waitForJobs(jobs);
      expect(ran).toEqual(['test-each-period']);
    } finally {
      await jobs.stop();
      await database.close();
    }
  });
});

/** Polls `condition` every 20 ms (10 s at most). */
async function waitUntil(condition: () => boolean) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 10_000) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
