// PostgreSQL only: two workers (two queues, each on its own pool, as two `npm run worker` processes) on one database
// take the same jobs at the same moment; each job runs exactly once, and one key never runs on both at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { examSweepJob } from '../src/features/exam/exam.jobs.ts';
import { defineJob, type JobEnqueuer, type JobQueue } from '../src/lib/job-queue.ts';
import { createMigratedDatabase } from './helpers.ts';
import { waitForJobs } from './jobs.ts';
import { openWorkers } from './workers.ts';

describe('two workers on one PostgreSQL database', () => {
  let database: Database;
  let workers: JobQueue[] = [];
  let stopWorkers = async () => undefined as void;
  /** Runs begun and ended, by label and worker; and how many ran at once. */
  const events: string[] = [];
  let running = 0;
  let mostRunning = 0;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));

  const counted = defineJob<{ label: string }>({
    name: 'test-two-workers',
    pollSeconds: 0.5,
    atOnce: 4,
    async run(context, { label }) {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      events.push(`${label} starts on ${workerOf(context.jobs)}`);
      if (label === 'held') await held;
      events.push(`${label} ends`);
      running -= 1;
    },
  });
  const workerOf = (jobs: JobEnqueuer) => `worker ${workers.findIndex((worker) => worker === jobs) + 1}`;
  const runsOf = (label: string) => events.filter((event) => event.startsWith(`${label} starts`));

  beforeAll(async () => {
    database = await createMigratedDatabase();
    // Both start working at the same moment.
    ({ workers, stop: stopWorkers } = await openWorkers(database, { kinds: [counted, examSweepJob] }));
  });
  afterAll(async () => {
    await stopWorkers();
    await database?.close();
  });

  it('runs a keyed job once when both enqueue it while it waits and both take it at once', async () => {
    // A second ahead, as a ranking is: every enqueue finds it waiting.
    const added = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        workers[index % 2]!.enqueue(counted, { label: 'shared' }, { key: 'test-1', delaySeconds: 1 }),
      ),
    );
    expect(added.filter(Boolean)).toHaveLength(1);
    await waitForJobs(workers[0]!);
    expect(runsOf('shared')).toHaveLength(1);
    expect(mostRunning).toBe(1);
  });

  it('never runs one key on both workers at once: a change during a run runs after it, on either', async () => {
    await workers[0]!.enqueue(counted, { label: 'held' }, { key: 'test-2' });
    await expect.poll(() => runsOf('held').length, { timeout: 10_000 }).toBe(1);
    expect(await workers[1]!.enqueue(counted, { label: 'after' }, { key: 'test-2' })).toBe(true);
    expect(await workers[0]!.enqueue(counted, { label: 'after' }, { key: 'test-2' })).toBe(false);
    // Both workers poll every half second: over two seconds neither takes the waiting job of a key that runs.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await workers[1]!.depth()).toMatchObject({ waiting: 1, running: 1 });
    expect(runsOf('after')).toHaveLength(0);
    release();
    await waitForJobs(workers[1]!);
    expect(runsOf('after')).toHaveLength(1);
    expect(events.indexOf(runsOf('after')[0]!)).toBeGreaterThan(events.indexOf('held ends'));
  });

  it('runs a period of the exam sweep once when both workers send it at the same moment', async () => {
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, index) => workers[index % 2]!.sendRecurring(examSweepJob)),
    );
    expect(sent.filter(Boolean)).toHaveLength(1);
    await waitForJobs(workers[0]!);
    // One job a 30-second period, run once (the workers' own timers may have sent a later period's meanwhile).
    const result = await database.db.execute(
      sql`select count(*)::int as jobs, bool_and(state = 'completed') as completed from pgboss.job
        where name = ${examSweepJob.name} group by singleton_on`,
    );
    const periods = (result as unknown as { rows: { jobs: number; completed: boolean }[] }).rows;
    expect(periods.length).toBeGreaterThanOrEqual(1);
    expect(periods.every((period) => period.jobs === 1 && period.completed)).toBe(true);
  });
});
