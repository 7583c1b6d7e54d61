import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { temporaryPasswords } from '../../db/schema/index.ts';

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
