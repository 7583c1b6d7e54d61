import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsOutbox, temporaryPasswords } from '../../db/schema/auth.ts';

/**
 * The unexpired temporary password of an account; with `unusedOnly`, only one not used yet (the only kind a login
 * accepts — the password change of the session it started still takes a used one).
 */
export async function findTemporaryPassword(
  db: Db,
  instituteId: number,
  userId: number,
  now: Date,
  { unusedOnly = false }: { unusedOnly?: boolean } = {},
) {
  const [row] = await db
    .select()
    .from(temporaryPasswords)
    .where(
      and(
        eq(temporaryPasswords.instituteId, instituteId),
        eq(temporaryPasswords.userId, userId),
        gt(temporaryPasswords.expiresAt, now),
        unusedOnly ? isNull(temporaryPasswords.usedAt) : undefined,
      ),
    );
  return row;
}

/**
 * Uses up the account's temporary password (one atomic update): false when it was used already or has expired,
 * so of two logins racing with it only one signs in. The password change still accepts it until it expires.
 */
export async function useTemporaryPassword(db: Db, instituteId: number, userId: number, now: Date): Promise<boolean> {
  const used = await db
    .update(temporaryPasswords)
    .set({ usedAt: now })
    .where(
      and(
        eq(temporaryPasswords.instituteId, instituteId),
        eq(temporaryPasswords.userId, userId),
        gt(temporaryPasswords.expiresAt, now),
        isNull(temporaryPasswords.usedAt),
      ),
    )
    .returning({ userId: temporaryPasswords.userId });
  return used.length > 0;
}

/**
 * Removes an account's temporary passwords from the outbox (the inbox keeps the masked text): called when a
 * password can no longer sign in — replaced by a newer one, used, or the password changed — so none stays at rest
 * beyond the moment it stops working. Found through the phone's index, then narrowed to the account.
 */
export async function forgetOutboxSecrets(db: Db, instituteId: number, phone: string | null, userId: number) {
  if (!phone) return;
  await db
    .update(smsOutbox)
    .set({ secret: null })
    .where(
      and(
        eq(smsOutbox.instituteId, instituteId),
        eq(smsOutbox.phone, phone),
        eq(smsOutbox.secretUserId, userId),
        isNotNull(smsOutbox.secret),
      ),
    );
}
