import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotentWrites } from '../db/schema/uploads.ts';

// The answers kept for writes sent with an Idempotency-Key (lib/uploads.ts decides what they mean).

interface Account {
  instituteId: number;
  accountUserId: number;
}

/** The stored write of this account's `key`, if any. */
export async function findIdempotentWrite(
  db: Db,
  account: Account,
  key: string,
): Promise<{ route: string; requestHash: string; answer: unknown } | undefined> {
  const [row] = await db
    .select({
      route: idempotentWrites.route,
      requestHash: idempotentWrites.requestHash,
      answer: idempotentWrites.answer,
    })
    .from(idempotentWrites)
    .where(
      and(
        eq(idempotentWrites.instituteId, account.instituteId),
        eq(idempotentWrites.userId, account.accountUserId),
        eq(idempotentWrites.key, key),
      ),
    );
  return row;
}

/** Keeps `answer` under the account's key; false when the key was taken first (the row already there is kept). */
export async function insertIdempotentWrite(
  tx: Db,
  account: Account,
  request: { key: string; route: string; requestHash: string },
  answer: unknown,
): Promise<boolean> {
  const inserted = await tx
    .insert(idempotentWrites)
    .values({
      instituteId: account.instituteId,
      userId: account.accountUserId,
      key: request.key,
      route: request.route,
      requestHash: request.requestHash,
      answer,
    })
    .onConflictDoNothing()
    .returning({ key: idempotentWrites.key });
  return inserted.length > 0;
}
