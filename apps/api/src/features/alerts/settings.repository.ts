// The SQL of an account's alert settings (issue 31): read as the domain's AlertSettings, written whole.
import { defaultAlertSettings, type AlertKind, type AlertSettings } from '@campus/domain/alerts/index';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertSettings } from '../../db/schema/alerts.ts';

type Row = typeof alertSettings.$inferSelect;

const settingsOf = (row: Row): AlertSettings => ({
  channels: row.channels as AlertSettings['channels'],
  quiet: { start: row.quietStart, end: row.quietEnd },
  urgent: row.urgent as AlertKind[],
  digest: row.digest as AlertSettings['digest'],
});

/** The settings of each of `userIds` (an account without a row has the defaults), by user id. */
export async function findAlertSettings(
  db: Db,
  instituteId: number,
  userIds: readonly number[],
): Promise<Map<number, AlertSettings>> {
  const found = new Map<number, AlertSettings>(userIds.map((userId) => [userId, defaultAlertSettings]));
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(alertSettings)
    .where(and(eq(alertSettings.instituteId, instituteId), inArray(alertSettings.userId, [...userIds])));
  for (const row of rows) found.set(row.userId, settingsOf(row));
  return found;
}

/** Stores the account's settings whole (the last save wins). */
export async function saveAlertSettings(
  db: Db,
  instituteId: number,
  userId: number,
  settings: AlertSettings,
  now: Date,
) {
  const values = {
    channels: settings.channels,
    quietStart: settings.quiet.start,
    quietEnd: settings.quiet.end,
    urgent: settings.urgent,
    digest: settings.digest,
    updatedAt: now,
  };
  await db
    .insert(alertSettings)
    .values({ instituteId, userId, ...values })
    .onConflictDoUpdate({ target: [alertSettings.instituteId, alertSettings.userId], set: values });
}
