import { alertKinds } from '@campus/domain/alerts/alerts-rules';
import type { Alert } from '@campus/domain/alerts/alerts.contract';
import type { Session } from '@campus/domain/auth/auth.contract';
import { describe, expect, it } from 'vitest';
import { getAs, postLogin, signIn } from '../../../test/auth-helpers.ts';
import { createDemoApp, createSeededDatabase } from '../../../test/helpers.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import type { JobContext } from '../../lib/job-queue.ts';
import { deliverDueAlerts, planAlerts } from './delivery.jobs.ts';

// The demo promises (README "Alerts in the demo"): 9000000002's bell holds every kind of alert about each of the
// two children, whatever the time of day or weekday the demo was seeded at, some read and some unread.
describe('the alerts demo', () => {
  const seededAt = [
    // The E2E tier's clock: a Wednesday, 11:00 in Kolkata.
    new Date('2026-11-25T05:30:00Z'),
    // A Sunday, 23:30 in Kolkata.
    new Date('2026-11-29T18:00:00Z'),
    // 23:50 in Kolkata, a Friday.
    new Date('2026-11-27T18:20:00Z'),
    // 00:05 in Kolkata, a Monday.
    new Date('2026-11-29T18:35:00Z'),
  ];

  it.each(seededAt.map((now) => [now.toISOString(), now]))(
    'seeded at %s, the parent of two sees every kind about each child',
    { timeout: 120_000 },
    async (_, now) => {
      const app = await createDemoApp({ database: await createSeededDatabase(now), now: () => now });
      try {
        const profiles = (await postLogin(app, { user_name: demoLogins.greenfieldParentOfTwo })).json().result as {
          user_type: number;
          user_id: number;
          institute_id: number;
          student_name: string;
        }[];
        expect(profiles.map((profile) => profile.student_name)).toEqual(['Aarav Sharma', 'Diya Sharma']);
        const read = new Set<boolean>();
        const missing: Record<string, string[]> = {};
        for (const profile of profiles) {
          const session: Session = await signIn(app, {
            user_name: demoLogins.greenfieldParentOfTwo,
            user_type: profile.user_type,
            user_id: profile.user_id,
            institute_id: profile.institute_id,
          });
          const answer = await getAs(app, session.student_auth, '/api/v1/alerts/bell');
          expect(answer.statusCode, answer.body).toBe(200);
          const alerts = answer.json().alerts as Alert[];
          const about = alerts.filter((alert) => alert.student_id === session.student_id);
          missing[profile.student_name] = alertKinds.filter((kind) => !about.some((alert) => alert.kind === kind));
          for (const alert of alerts) read.add(alert.read);
        }
        expect(missing).toEqual({ 'Aarav Sharma': [], 'Diya Sharma': [] });
        expect(read).toEqual(new Set([true, false]));
        // Delivered as the worker would have delivered it (alerts.seed.ts): a process that starts on the demo finds no
        // alert to plan and nothing due, so no text of days ago goes out dated now.
        const worker: JobContext = {
          db: app.db,
          now: () => now,
          log: app.log,
          jobs: { enqueue: () => Promise.reject(new Error('nothing to enqueue')) },
        };
        expect(await planAlerts(worker)).toBe(0);
        expect(await deliverDueAlerts(worker)).toBe(0);
      } finally {
        await app.close();
      }
    },
  );
});
