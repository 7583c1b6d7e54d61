// The SQL of alert deliveries (issue 31): planning an alert's channels in batches, claiming the rows that are due so
// that two workers never take one row at once, and noting how each try ended.
import { planDeliveries, type AlertKind, type DeliveryChannel } from '@campus/domain/alerts/index';
import { isParentUserType } from '@campus/domain/auth/user-types';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertDeliveries, alertDigests } from '../../db/schema/alert-deliveries.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { users } from '../../db/schema/users.ts';
import { queueMessages } from '../messages/index.ts';
import { findAlertSettings } from './settings.repository.ts';

/** The rows of a `db.execute` (node-postgres and PGlite both answer `rows`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Plans one batch of the alerts not planned yet (of one institute, or of all), oldest first: a delivery per channel
 * the account's settings turn on (quiet hours, urgent kinds, digests: the domain's planDeliveries at `now`), and the
 * digest each digest delivery waits for. In one transaction whose batch is locked with `skip locked`, so two workers
 * planning at once take different alerts (and the unique keys would keep a row once anyway). Answers how many alerts
 * it planned: fewer than `batchSize` means none are left.
 */
export async function planAlertBatch(
  db: Db,
  now: Date,
  { instituteId, batchSize = 500 }: { instituteId?: number; batchSize?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    // The partial index alerts_to_plan, read in its order.
    const batch = await tx
      .select({
        instituteId: alerts.instituteId,
        id: alerts.id,
        userId: alerts.userId,
        kind: alerts.kind,
        createdAt: alerts.createdAt,
        userType: users.userType,
        timeZone: institutes.timeZone,
      })
      .from(alerts)
      .innerJoin(users, and(eq(users.instituteId, alerts.instituteId), eq(users.id, alerts.userId)))
      .innerJoin(institutes, eq(institutes.id, alerts.instituteId))
      .where(and(isNull(alerts.plannedAt), instituteId === undefined ? undefined : eq(alerts.instituteId, instituteId)))
      .orderBy(asc(alerts.instituteId), asc(alerts.id))
      .limit(batchSize)
      .for('update', { of: alerts, skipLocked: true });
    for (const institute of new Set(batch.map((alert) => alert.instituteId))) {
      const rows = batch.filter((alert) => alert.instituteId === institute);
      const settings = await findAlertSettings(tx, institute, [...new Set(rows.map((row) => row.userId))]);
      const deliveries: (typeof alertDeliveries.$inferInsert)[] = [];
      const digests = new Map<string, typeof alertDigests.$inferInsert>();
      for (const row of rows) {
        const role = isParentUserType(row.userType) ? 'parent' : 'student';
        const plans = planDeliveries(
          row.kind as AlertKind,
          settings.get(row.userId)!,
          role,
          now,
          row.timeZone,
          row.createdAt,
        );
        for (const plan of plans) {
          deliveries.push({
            instituteId: institute,
            alertId: row.id,
            userId: row.userId,
            channel: plan.channel,
            dueAt: plan.dueAt,
            digestDay: plan.digestDay,
            // A digest's rows wait for their digest, which has the time to try.
            nextTryAt: plan.digestDay === null ? plan.dueAt : null,
          });
          if (plan.digestDay !== null) {
            digests.set(`${row.userId}|${plan.channel}|${plan.digestDay}`, {
              instituteId: institute,
              userId: row.userId,
              channel: plan.channel,
              day: plan.digestDay,
              dueAt: plan.dueAt,
              nextTryAt: plan.dueAt,
            });
          }
        }
      }
      if (deliveries.length > 0) await tx.insert(alertDeliveries).values(deliveries).onConflictDoNothing();
      if (digests.size > 0)
        await tx
          .insert(alertDigests)
          .values([...digests.values()])
          .onConflictDoNothing();
      await tx
        .update(alerts)
        .set({ plannedAt: now })
        .where(
          and(
            eq(alerts.instituteId, institute),
            inArray(
              alerts.id,
              rows.map((row) => row.id),
            ),
          ),
        );
    }
    return batch.length;
  });
}

/** A delivery a worker claimed: the alert it carries and where the account is reached. */
export interface ClaimedDelivery {
  instituteId: number;
  id: number;
  alertId: number;
  userId: number;
  studentId: number;
  channel: DeliveryChannel;
  kind: AlertKind;
  data: Record<string, unknown>;
  /** Tries so far, this one included. */
  attempts: number;
  email: string | null;
  phone: string | null;
  /** A host name the institute is reached at, for the links of an email; null when it has none. */
  host: string | null;
}

/**
 * Claims up to `limit` deliveries due by `now`, oldest first: each is moved to `claimUntil` and counted as a try in
 * one statement (`skip locked`), so another worker does not take it while this one sends, and takes it again
 * after `claimUntil` if this worker died before noting how the try ended.
 */
export async function claimDueDeliveries(db: Db, now: Date, claimUntil: Date, limit: number) {
  const result = await db.execute(sql`
    with claimed as (
      select institute_id, id from alert_deliveries
      where next_try_at <= ${now.toISOString()}::timestamptz
      order by next_try_at
      limit ${limit}
      for update skip locked
    )
    update alert_deliveries d set next_try_at = ${claimUntil.toISOString()}::timestamptz, attempts = d.attempts + 1
    from claimed c
    join alerts a on a.institute_id = c.institute_id
    join users u on u.institute_id = c.institute_id
    where d.institute_id = c.institute_id and d.id = c.id and a.id = d.alert_id and u.id = d.user_id
    returning d.institute_id as "instituteId", d.id, d.alert_id as "alertId", d.user_id as "userId",
      a.student_id as "studentId", d.channel, a.kind, a.data, d.attempts, u.email, u.phone,
      (select min(h.host) from institute_hosts h where h.institute_id = d.institute_id) as host
  `);
  return rowsOf<ClaimedDelivery>(result);
}

/** Notes that a delivery went (or, with `skipped`, that it had nowhere to go): nothing is left to do for it. */
export async function finishDelivery(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'instituteId' | 'id'>,
  now: Date,
  skipped?: string,
) {
  if (skipped) return skipDeliveries(db, [delivery], skipped);
  await db
    .update(alertDeliveries)
    .set({ nextTryAt: null, sentAt: now, lastError: null })
    .where(and(eq(alertDeliveries.instituteId, delivery.instituteId), eq(alertDeliveries.id, delivery.id)));
}

/** Notes that `deliveries` had nowhere to go (`reason`), in one statement an institute: a batch skipped at once. */
export async function skipDeliveries(
  db: Db,
  deliveries: readonly Pick<ClaimedDelivery, 'instituteId' | 'id'>[],
  reason: string,
) {
  for (const institute of new Set(deliveries.map((delivery) => delivery.instituteId))) {
    const ids = deliveries.filter((delivery) => delivery.instituteId === institute).map((delivery) => delivery.id);
    await db
      .update(alertDeliveries)
      .set({ nextTryAt: null, lastError: reason })
      .where(and(eq(alertDeliveries.instituteId, institute), inArray(alertDeliveries.id, ids)));
  }
}

/** Notes a failed try: tried again at `retryAt`, or given up without one. */
export async function failDelivery(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'instituteId' | 'id'>,
  error: string,
  retryAt: Date | undefined,
) {
  await db
    .update(alertDeliveries)
    .set({ nextTryAt: retryAt ?? null, lastError: error.slice(0, 500) })
    .where(and(eq(alertDeliveries.instituteId, delivery.instituteId), eq(alertDeliveries.id, delivery.id)));
}

/**
 * Writes an alert's text to the SMS outbox (the phone's Messages, and the sms-send job's work) and notes the
 * delivery sent, in one transaction: the text is queued exactly once. Answers the text's id.
 */
export async function queueAlertText(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'instituteId' | 'id'>,
  phone: string,
  body: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [id] = await queueMessages(tx, delivery.instituteId, [{ phone, purpose: 'alert', body, createdAt: now }]);
    await finishDelivery(tx, delivery, now);
    return id!;
  });
}

/** A digest a worker claimed, and where its account is reached. */
export interface ClaimedDigest {
  instituteId: number;
  userId: number;
  channel: DeliveryChannel;
  day: string;
  attempts: number;
  email: string | null;
  phone: string | null;
  host: string | null;
}

/** Claims up to `limit` digests due by `now`, as claimDueDeliveries claims deliveries. */
export async function claimDueDigests(db: Db, now: Date, claimUntil: Date, limit: number) {
  const result = await db.execute(sql`
    with claimed as (
      select institute_id, user_id, channel, day from alert_digests
      where next_try_at <= ${now.toISOString()}::timestamptz
      order by next_try_at
      limit ${limit}
      for update skip locked
    )
    update alert_digests g set next_try_at = ${claimUntil.toISOString()}::timestamptz, attempts = g.attempts + 1
    from claimed c
    join users u on u.institute_id = c.institute_id and u.id = c.user_id
    where g.institute_id = c.institute_id and g.user_id = c.user_id and g.channel = c.channel and g.day = c.day
    returning g.institute_id as "instituteId", g.user_id as "userId", g.channel, g.day::text as day, g.attempts,
      u.email, u.phone, (select min(h.host) from institute_hosts h where h.institute_id = g.institute_id) as host
  `);
  return rowsOf<ClaimedDigest>(result);
}

/**
 * The alerts a digest gathers: the account's deliveries on its channel waiting for this digest or an earlier one
 * (one planned as an earlier digest went), oldest first (the partial index alert_deliveries_of_digest).
 */
export function findDigestAlerts(db: Db, digest: Pick<ClaimedDigest, 'instituteId' | 'userId' | 'channel' | 'day'>) {
  return db
    .select({ id: alertDeliveries.id, kind: alerts.kind, data: alerts.data, studentId: alerts.studentId })
    .from(alertDeliveries)
    .innerJoin(alerts, and(eq(alerts.instituteId, alertDeliveries.instituteId), eq(alerts.id, alertDeliveries.alertId)))
    .where(
      and(
        eq(alertDeliveries.instituteId, digest.instituteId),
        eq(alertDeliveries.userId, digest.userId),
        eq(alertDeliveries.channel, digest.channel),
        isNotNull(alertDeliveries.digestDay),
        lte(alertDeliveries.digestDay, digest.day),
        isNull(alertDeliveries.sentAt),
      ),
    )
    .orderBy(asc(alerts.createdAt), asc(alerts.id));
}

const digestKey = (digest: Pick<ClaimedDigest, 'instituteId' | 'userId' | 'channel' | 'day'>) =>
  and(
    eq(alertDigests.instituteId, digest.instituteId),
    eq(alertDigests.userId, digest.userId),
    eq(alertDigests.channel, digest.channel),
    eq(alertDigests.day, digest.day),
  );

/**
 * Notes a digest sent with the deliveries it carried (or, with `skipped`, that it had nowhere to go), in one
 * transaction; `text` also writes it to the SMS outbox in it. Answers the outbox text's id, if any.
 */
export async function finishDigest(
  db: Db,
  digest: Pick<ClaimedDigest, 'instituteId' | 'userId' | 'channel' | 'day'>,
  deliveryIds: readonly number[],
  now: Date,
  { skipped, text }: { skipped?: string; text?: { phone: string; body: string } } = {},
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    let textId: number | undefined;
    if (text) {
      [textId] = await queueMessages(tx, digest.instituteId, [
        { phone: text.phone, purpose: 'alert', body: text.body, createdAt: now },
      ]);
    }
    await tx
      .update(alertDigests)
      .set(
        skipped
          ? { nextTryAt: null, lastError: skipped, alertCount: deliveryIds.length }
          : { nextTryAt: null, sentAt: now, lastError: null, alertCount: deliveryIds.length },
      )
      .where(digestKey(digest));
    if (deliveryIds.length > 0) {
      await tx
        .update(alertDeliveries)
        .set(skipped ? { lastError: skipped, sentAt: now } : { sentAt: now, lastError: null })
        .where(and(eq(alertDeliveries.instituteId, digest.instituteId), inArray(alertDeliveries.id, [...deliveryIds])));
    }
    return textId;
  });
}

/** Notes a digest's failed try: tried again at `retryAt`, or given up without one. */
export async function failDigest(
  db: Db,
  digest: Pick<ClaimedDigest, 'instituteId' | 'userId' | 'channel' | 'day'>,
  error: string,
  retryAt: Date | undefined,
) {
  await db
    .update(alertDigests)
    .set({ nextTryAt: retryAt ?? null, lastError: error.slice(0, 500) })
    .where(digestKey(digest));
}
