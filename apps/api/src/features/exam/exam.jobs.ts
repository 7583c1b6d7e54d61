import type { FastifyInstance } from 'fastify';
import { submitScored } from './exam-attempt.service.ts';
import { findOverdueAttempts } from './exam.repository.ts';

/** How often the sweep submits attempts left open past their end. */
const sweepEveryMs = 30_000;

/**
 * The sweep: submits (at their end) up to `limit` attempts left open past their end plus the grace, which no one
 * reads again. The exam area runs it every 30 s; answers how many it submitted.
 */
export async function sweepOverdueAttempts(app: FastifyInstance, limit = 200): Promise<number> {
  let submitted = 0;
  for (const { instituteId, id } of await findOverdueAttempts(app.db, app.now(), limit)) {
    if (await submitScored(app, instituteId, id, 'auto')) submitted += 1;
  }
  return submitted;
}

/** Attempts left open are submitted at their end even if no one reads them again: the sweep, while the app runs. */
export function startExamSweep(app: FastifyInstance) {
  let running = false;
  const timer = setInterval(() => {
    // One sweep at a time: a slow one is not overtaken by the next.
    if (running) return;
    running = true;
    void (async () => {
      try {
        await sweepOverdueAttempts(app);
      } catch (error) {
        app.log.warn({ err: error }, 'exam sweep failed');
      } finally {
        running = false;
      }
    })();
  }, sweepEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
