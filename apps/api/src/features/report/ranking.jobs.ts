import { defineJob, type JobContext, type JobEnqueuer } from '../../lib/job-queue.ts';
import { findStaleTests, insertStaleMark, rankStaleTest } from './ranking.repository.ts';

// Ranking in the background (issue 30): a submission to a released test marks its ranks stale and enqueues a
// `rank-test` job keyed by the test; a worker ranks it. The key keeps one job waiting per test (the submissions of the
// next second join it) and one running: a submission during a ranking queues one more, run after it. The ranking
// itself still takes the test's advisory lock, so it never runs beside a report's own ranking of the test.

/** A ranking waits this long after a stale mark, so a burst of submissions joins one job. */
const rankDelaySeconds = 1;

const rankKey = (instituteId: number, testId: number) => `${instituteId}:${testId}`;

/** Ranks one stale test: waits for a ranking of it in progress elsewhere, then ranks it if still marked. */
export const rankTestJob = defineJob<{ instituteId: number; testId: number }>({
  name: 'rank-test',
  pollSeconds: 1,
  retries: 5,
  retryDelaySeconds: 5,
  async run(context, { instituteId, testId }) {
    await rankStaleTest(context.db, instituteId, testId, context.now(), { wait: true });
  },
});

/** Enqueues the ranking of a test whose ranks are stale (joins the job already waiting for it, if any). */
export function enqueueRanking(
  jobs: JobEnqueuer,
  instituteId: number,
  testId: number,
  delaySeconds = rankDelaySeconds,
) {
  return jobs.enqueue(rankTestJob, { instituteId, testId }, { key: rankKey(instituteId, testId), delaySeconds });
}

/**
 * Every minute: a ranking for each stale mark, for marks whose job was never enqueued (a process that stopped between
 * the mark and the enqueue) or gave up its retries. A mark whose job waits adds nothing.
 */
export const rankStaleTestsJob = defineJob({
  name: 'rank-stale-tests',
  everySeconds: 60,
  retries: 0,
  async run(context) {
    for (const { instituteId, testId } of await findStaleTests(context.db, 500)) {
      await enqueueRanking(context.jobs, instituteId, testId, 0);
    }
  },
});

/**
 * After a submission: marks the attempt's test's ranks stale when its result is already released, and enqueues its
 * ranking. Waits for no ranking. Answers whether it marked.
 */
export async function markRanksStale(
  app: Pick<JobContext, 'db' | 'now' | 'jobs' | 'log'>,
  instituteId: number,
  attemptId: number,
): Promise<boolean> {
  const testId = await insertStaleMark(app.db, instituteId, attemptId, app.now());
  if (testId === undefined) return false;
  // The submission stands either way: a ranking not enqueued now is enqueued by the minute's rankStaleTestsJob.
  await enqueueRanking(app.jobs, instituteId, testId).catch((error: unknown) =>
    app.log.warn({ err: error, testId }, 'could not enqueue a ranking; the minute’s sweep will'),
  );
  return true;
}
