import { defineJob, type JobQueue } from '../../lib/job-queue.ts';
import { produceAbsenceAlerts } from './alerts.repository.ts';

// Alerts produced in the background (issue 31) by one set-based statement per kind: after an attendance batch of an
// institute commits (keyed by the institute, so batches sent meanwhile join one job), and every five minutes for
// every institute (the sweep catches what an enqueue missed, and the CSV import, which has no queue). Two workers
// producing the same alerts at once make each once: the statement's unique key.

/** Produces the absence alerts of one institute's day so far. */
export const absenceAlertsJob = defineJob<{ instituteId: number }>({
  name: 'alerts-absence',
  pollSeconds: 1,
  retries: 5,
  retryDelaySeconds: 10,
  async run(context, { instituteId }) {
    await produceAbsenceAlerts(context.db, context.now(), instituteId);
  },
});

/** Enqueues the absence alerts of an institute (joins the job already waiting for it, if any). */
export const enqueueAbsenceAlerts = (jobs: JobQueue, instituteId: number) =>
  jobs.enqueue(absenceAlertsJob, { instituteId }, { key: String(instituteId) });

/** Every five minutes: every institute's absence alerts of its day so far, in one statement. */
export const alertsSweepJob = defineJob({
  name: 'alerts-sweep',
  everySeconds: 300,
  retries: 0,
  async run(context) {
    const written = await produceAbsenceAlerts(context.db, context.now());
    if (written > 0) context.log.info({ written }, 'absence alerts produced by the sweep');
  },
});
