import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { reportResults, reportStaleTests } from '../src/db/schema/report.ts';
import type { Database } from '../src/db/client.ts';
import { markRanksStale } from '../src/features/report/index.ts';
import { createExamTest } from './factories/exam.ts';
import { createInstitute, createStudent, type TestInstitute } from './factories/institutes.ts';
import { createAttempt } from './factories/report.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';
import { waitForJobs } from './jobs.ts';

/** A released test with two submitted attempts, not ranked yet. */
async function releasedTest(db: Database['db']) {
  const school: TestInstitute = await createInstitute(db);
  const testId = await createExamTest(db, school, { name: 'Released', isResultPublished: true });
  const attempts: number[] = [];
  for (const answers of [{ 1: 'b', 3: 'a' }, { 1: 'a' }] as Record<number, string>[]) {
    const student = await createStudent(db, school);
    attempts.push(await createAttempt(db, school, student, testId, { answers }));
  }
  return { school, testId, attempts };
}

// Background jobs in the API process (WORKER=inline, the embedded default): the same queue and handlers as a worker.
describe('background jobs in the API process', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    app = await createTestApp({ database });
  });
  afterAll(() => app.close());

  it('runs a job end to end: a submission enqueues its test’s ranking and this process ranks it', async () => {
    const { school, testId, attempts } = await releasedTest(app.db);
    expect(await markRanksStale(app, school.id, attempts[1]!)).toBe(true);
    // Enqueued, a second ahead (submissions of that second join it).
    expect(await app.jobs.depth()).toMatchObject({ deferred: 1 });
    await waitForJobs(app.jobs);
    expect(await app.db.select().from(reportStaleTests)).toEqual([]);
    const ranks = await app.db.select().from(reportResults);
    expect(ranks.filter((row) => row.testId === testId).map((row) => row.rank)).toEqual(expect.arrayContaining([1, 2]));
  });
});

describe('an API process beside a worker (WORKER=off)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ worker: 'off' });
  });
  afterAll(() => app.close());

  it('only enqueues: the job waits for a worker', async () => {
    const { school, attempts } = await releasedTest(app.db);
    expect(await markRanksStale(app, school.id, attempts[0]!)).toBe(true);
    expect(await app.jobs.depth()).toMatchObject({ deferred: 1, running: 0 });
    await expect.poll(() => app.jobs.depth(), { timeout: 5000 }).toMatchObject({ waiting: 1, running: 0 });
    expect(await app.db.select().from(reportStaleTests)).toHaveLength(1);
  });
});
