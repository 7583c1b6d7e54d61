// The demo's alerts (issue 31): what the worker would have produced over the last few days from the demo's own
// attendance (and the other areas' rows), by the same set-based statements, each at that day's evening. All but the
// last day and a half's have been read, so the bell shows a few unread and a history.
import { addDays, instantInZone } from '@campus/domain/calendar/calendar';
import { lt, sql } from 'drizzle-orm';
import { alerts } from '../../db/schema/alerts.ts';
import type { DemoContext } from '../../db/seed/context.ts';
import { produceAlerts } from './alerts.repository.ts';

/** Days back the demo's alerts start. */
const daysBack = 4;

export async function seed({ tx, now, today, institutes }: DemoContext) {
  for (let offset = -daysBack; offset <= 0; offset += 1) {
    const evening = instantInZone(addDays(today, offset), '18:00', institutes.greenfield.timeZone);
    await produceAlerts(tx, offset === 0 || evening > now ? now : evening);
  }
  // Read: all but the last day and a half's (yesterday evening's and today's).
  await tx
    .update(alerts)
    .set({ readAt: sql`${alerts.createdAt} + interval '1 hour'` })
    .where(lt(alerts.createdAt, new Date(now.getTime() - 36 * 3_600_000)));
}

/** Alerts are produced from every area's rows. */
export const seedAfter = ['timetable', 'fees', 'assignments', 'exam', 'report', 'live', 'home', 'events'];
