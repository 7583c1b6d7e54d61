import type { JobQueue, QueueDepth } from '../src/lib/job-queue.ts';

/**
 * Waits until the job queue has drained: no job waiting, deferred (a ranking's one-second delay, a retry's pause) or
 * running, on any process of the database. Polls the queue's depth; never a fixed sleep. Call it with real timers.
 */
export async function waitForJobs(jobs: JobQueue, { timeoutMs = 20_000 } = {}): Promise<void> {
  const started = Date.now();
  let depth: QueueDepth;
  for (;;) {
    depth = await jobs.depth();
    if (depth.waiting + depth.deferred + depth.running === 0) return;
    if (Date.now() - started > timeoutMs) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the job queue did not drain within ${timeoutMs} ms: ${JSON.stringify(depth)}`);
}
