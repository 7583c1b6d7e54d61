import { defineJob, type JobEnqueuer } from '../../lib/job-queue.ts';
import { findInstituteIds, produceAlerts, produceLiveSoonAlerts } from './alerts.repository.ts';
import { enqueueAlertPlanning } from './delivery.jobs.ts';

// Alerts produced in the background (issue 31) by one set-based statement per kind: after a batch of an institute's
// data commits (attendance, fees, assignments, tests, offline results, announcements, class sessions; keyed by the
// institute, so batches sent meanwhile join one job), and every five minutes for every institute (the sweep catches
// what an enqueue missed, the CSV import, which has no queue, and what the clock brings due: a fee in three days, an
// assignment due tomorrow). Two workers producing the same alerts at once make each once: the unique key.

/** Produces every kind's alerts of one institute, as its data now stands. */
export const produceAlertsJob = defineJob<{ instituteId: number }>({
  name: 'alerts-produce',
  pollSeconds: 1,
  retries: 5,
  retryDelaySeconds: 10,
  async run(context, { instituteId }) {
    const written = await produceAlerts(context.db, context.now(), instituteId);
    // What was written goes on its channels at once, not at the next planning run.
    if (Object.values(written).some((count) => count > 0)) await enqueueAlertPlanning(context.jobs, instituteId);
  },
});

/** Enqueues the production of an institute's alerts (joins the job already waiting for it, if any). */
export const enqueueAlerts = (jobs: JobEnqueuer, instituteId: number) =>
  jobs.enqueue(produceAlertsJob, { instituteId }, { key: String(instituteId) });

/**
 * Every five minutes: every institute's alerts of every kind, one institute at a time. One statement over every
 * institute would be all or nothing: its first run on a large database (every overdue installment ever) outgrew the
 * statement time limit and, failing whole, would never have got past it; per institute, each commits its part.
 */
export const alertsSweepJob = defineJob({
  name: 'alerts-sweep',
  everySeconds: 300,
  retries: 0,
  async run(context) {
    for (const instituteId of await findInstituteIds(context.db)) {
      const written = await produceAlerts(context.db, context.now(), instituteId);
      if (Object.values(written).some((count) => count > 0)) {
        context.log.info({ instituteId, written }, 'alerts produced by the sweep');
      }
    }
  },
});

/**
 * Every minute: every institute's live classes starting within 15 minutes. Its own job, not a faster sweep: the
 * window is 15 minutes, so a class is seen some 14 times (a slow or missed run costs nothing), and the sweep's other
 * statements, which read whole fee ledgers, need not run every minute.
 */
export const liveSoonAlertsJob = defineJob({
  name: 'alerts-live-soon',
  everySeconds: 60,
  retries: 0,
  async run(context) {
    const written = await produceLiveSoonAlerts(context.db, context.now());
    if (written > 0) context.log.info({ written }, 'live-soon alerts produced');
  },
});
