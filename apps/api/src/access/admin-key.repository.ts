import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminApiKeys } from '../db/schema/admin.ts';

/** The admin key a request authenticated with. */
export interface AdminKeyLookup {
  id: number;
  instituteId: number;
}

/**
 * The live (unrevoked) admin key hashing to `keyHash`, stamping its last use in the same statement: one round trip
 * per admin call, and admin calls are batches, so the write costs nothing that matters.
 */
export async function useAdminKey(db: Db, keyHash: string, now: Date): Promise<AdminKeyLookup | undefined> {
  const [row] = await db
    .update(adminApiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(adminApiKeys.keyHash, keyHash), isNull(adminApiKeys.revokedAt)))
    .returning({ id: adminApiKeys.id, instituteId: adminApiKeys.instituteId });
  return row;
}
