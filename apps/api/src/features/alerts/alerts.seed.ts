// The demo's alerts (issue 31): what the worker would have produced over the last few days from the demo's own
// attendance (and the other areas' rows), by the same set-based statements, each at that day's evening, and the
// live classes' at ten minutes before each online class of those days (the worker looks every minute). All but the
// last day and a half's have been read, so the bell shows a few unread and a history. Each was delivered as the
// worker would have, when it was produced (`deliverAt`): a process that starts on the demo finds nothing due from
// before its start (a text sent then would land in a phone's Messages dated now, half a minute after each start).
import { alertKinds, defaultChannelOn, defaultQuietHours, liveSoonMinutes } from '@campus/domain/alerts/alerts-rules';
import { settingsFromTable } from '@campus/domain/alerts/alerts-settings';
import { addDays, instantInZone } from '@campus/domain/calendar/calendar';
import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { classSessions } from '../../db/schema/timetable.ts';
import type { DemoContext } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import type { JobContext } from '../../lib/job-queue.ts';
import { alertProducers, produceAlerts } from './alerts.repository.ts';
import { deliverDueAlerts, planAlerts } from './delivery.jobs.ts';
import { saveAlertSettings } from './settings.repository.ts';

/** Days back the demo's alerts start. */
const daysBack = 4;

const minute = 60_000;

/** How long before a live class the demo's worker saw it starting soon (inside the 15 minutes). */
const liveSoonLead = (liveSoonMinutes - 5) * minute;

/**
 * The demo's worker at `at`: plans the alerts produced by then and delivers what is due, with the worker's own code
 * (delivery.jobs.ts). Its texts go into the outbox and to the gateway at once (the job queue here runs each job as it
 * is asked for); its mail and pushes go nowhere, as the demo keeps no copy of what went days ago (and has no push
 * subscription, so its pushes are noted skipped).
 */
async function deliverAt(db: Db, at: Date) {
  const silent = { info() {}, warn() {}, error() {} };
  const context: JobContext = {
    db,
    now: () => at,
    log: silent,
    jobs: {
      async enqueue(kind, data) {
        await kind.run(context, data);
        return true;
      },
    },
    sms: { send: async () => undefined },
    mail: { send: async () => undefined },
    push: { send: async () => 'sent' },
  };
  await planAlerts(context);
  await deliverDueAlerts(context);
}

export async function seed({ tx, now, today, institutes }: DemoContext) {
  const { greenfield } = institutes;
  // 9000000002 opted in to live classes starting (parents do not hear of them by default) in the app, by push and by
  // email, as Profile → Alerts would store it: the bell shows a live class of each child, and `npm start`'s demo
  // mail sink gets mail without anyone changing a setting.
  const parent = greenfield.account(demoLogins.greenfieldParentOfTwo, 2);
  const table = alertKinds.map((kind) => ({
    kind,
    channels: {
      app: kind === 'live-soon' || defaultChannelOn(kind, 'app', 'parent'),
      sms: defaultChannelOn(kind, 'sms', 'parent'),
      email: kind === 'live-soon' || defaultChannelOn(kind, 'email', 'parent'),
      push: kind === 'live-soon' || defaultChannelOn(kind, 'push', 'parent'),
    },
    urgent: false,
  }));
  const optedIn = settingsFromTable(table, defaultQuietHours, {}, 'parent');
  await saveAlertSettings(tx, greenfield.id, parent.userId, optedIn, now);

  for (let offset = -daysBack; offset <= 0; offset += 1) {
    const evening = instantInZone(addDays(today, offset), '18:00', greenfield.timeZone);
    const at = offset === 0 || evening > now ? now : evening;
    await produceAlerts(tx, at);
    await deliverAt(tx, at);
  }
  // Live classes of the last days, each seen starting soon; one starting within the quarter hour is now's.
  const starts = await tx
    .selectDistinct({ startsAt: classSessions.startsAt })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.classType, 'Online Class'),
        gt(classSessions.startsAt, new Date(now.getTime() - daysBack * 24 * 60 * minute)),
        lte(classSessions.startsAt, new Date(now.getTime() + liveSoonLead)),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
  for (const { startsAt } of starts) {
    const at = new Date(startsAt.getTime() - liveSoonLead);
    await alertProducers['live-soon'](tx, at);
    await deliverAt(tx, at);
  }
  // What fell due since (a text held back by quiet hours, a digest), as the worker's last run before `now` sent it.
  await deliverAt(tx, now);
  // Read: all but the last day and a half's (yesterday evening's and today's).
  await tx
    .update(alerts)
    .set({ readAt: sql`${alerts.createdAt} + interval '1 hour'` })
    .where(lt(alerts.createdAt, new Date(now.getTime() - 36 * 3_600_000)));
}

/** Alerts are produced from every area's rows. */
export const seedAfter = ['timetable', 'fees', 'assignments', 'exam', 'report', 'live', 'home', 'events'];
