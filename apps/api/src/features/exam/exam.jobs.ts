import { defineJob, type JobContext } from '../../lib/job-queue.ts';
import { submitScored } from './exam-attempt.service.ts';
import { findOverdueAttempts } from './exam.repository.ts';

/**
 * The sweep: submits (at their end) up to `limit` attempts left open past their end plus the grace, which no one
 * reads again. The exam area's recurring job runs it every 30 s; answers how many it submitted.
 */
export async function sweepOverdueAttempts(
  app: Pick<JobContext, 'db' | 'now' | 'jobs' | 'log'>,
  limit = 200,
): Promise<number> {
  let submitted = 0;
  for (const { instituteId, id } of await findOverdueAttempts(app.db, app.now(), limit)) {
    if (await submitScored(app, instituteId, id, 'auto')) submitted += 1;
  }
  return submitted;
}

/**
 * Attempts left open are submitted at their end even if no one reads them again: every 30 s, on one worker at a time
 * (lib/job-queue.ts, recurring jobs). Not retried: the next period sweeps again.
 */
export const examSweepJob = defineJob({
  name: 'exam-sweep',
  everySeconds: 30,
  retries: 0,
  async run(context) {
    await sweepOverdueAttempts(context);
  },
});
