import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';

// The per-address limits' counters (lib/rate-limit-store.ts), shared by every API process through the database.

const countHitQuery = prepared((db) =>
  db
    .insert(rateLimitHits)
    .values({
      key: sql`${p('key')}`,
      windowStart: sql`${p('windowStart')}::timestamptz`,
      expiresAt: sql`${p('expiresAt')}::timestamptz`,
      hits: 1,
    })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits })
    .prepare('rate_limit_count_hit'),
);

/**
 * Counts one request against `key` in the window starting at `windowStart` and answers the count, this request
 * included. One statement: concurrent requests for one key meet on the primary key, each waits for the one before
 * it to commit and then increments the committed count, so N requests answer 1…N whatever the processes.
 */
export async function countRateLimitHit(db: Db, key: string, windowStart: Date, expiresAt: Date): Promise<number> {
  const [row] = await countHitQuery(db, {
    key,
    windowStart: windowStart.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return row!.hits;
}

const findHitsQuery = prepared((db) =>
  db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.key, sql`${p('key')}`),
        eq(rateLimitHits.windowStart, sql`${p('windowStart')}::timestamptz`),
      ),
    )
    .prepare('rate_limit_find_hits'),
);

/** The requests counted against `key` in the window starting at `windowStart` (0 when none). */
export async function findRateLimitHits(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await findHitsQuery(db, { key, windowStart: windowStart.toISOString() });
  return row?.hits ?? 0;
}

/**
 * Removes up to `batch` counters whose window had ended by `now`, oldest first, and answers how many it removed.
 * Rows another process is removing at the same moment are skipped, not waited for.
 */
export async function deleteExpiredRateLimitHits(db: Db, now: Date, batch: number): Promise<number> {
  const expired = db
    .select({ key: rateLimitHits.key, windowStart: rateLimitHits.windowStart })
    .from(rateLimitHits)
    .where(lte(rateLimitHits.expiresAt, sql`${now.toISOString()}::timestamptz`))
    .orderBy(asc(rateLimitHits.expiresAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const removed = await db
    .delete(rateLimitHits)
    .where(sql`(${rateLimitHits.key}, ${rateLimitHits.windowStart}) in (${expired})`)
    .returning({ key: rateLimitHits.key });
  return removed.length;
}
