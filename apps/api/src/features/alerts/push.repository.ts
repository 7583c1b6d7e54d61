// The SQL of Web Push subscriptions (issue 31).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/alerts.ts';

/** Subscribes this browser for the account: a browser another account had subscribed moves to this one. */
export async function saveSubscription(
  db: Db,
  instituteId: number,
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
) {
  const values = { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, createdAt: now };
  await db
    .insert(pushSubscriptions)
    .values({ instituteId, endpoint: subscription.endpoint, ...values })
    .onConflictDoUpdate({ target: [pushSubscriptions.instituteId, pushSubscriptions.endpoint], set: values });
}

/** Ends the account's subscription at `endpoint` (another account's is left alone). */
export async function removeSubscription(db: Db, instituteId: number, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.instituteId, instituteId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

/** A browser's push subscription as stored. */
export type PushSubscription = typeof pushSubscriptions.$inferSelect;

/** The subscriptions of `userIds`. */
export function findSubscriptions(db: Db, instituteId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.instituteId, instituteId), inArray(pushSubscriptions.userId, [...userIds])));
}

/** Drops a subscription its push service no longer knows (404 or 410). */
export async function dropSubscription(db: Db, instituteId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.instituteId, instituteId), eq(pushSubscriptions.endpoint, endpoint)));
}
