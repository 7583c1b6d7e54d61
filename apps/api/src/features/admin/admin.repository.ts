import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyOf, insertRows } from '../../db/bulk.ts';
import { adminAudit, adminExternalIds, institutes } from '../../db/schema/index.ts';

// The bulk statements moved to db/bulk.ts (areas' writers use them too); the kinds still import them from here.
export { anyOf, insertRows, pairIn, updateRows } from '../../db/bulk.ts';

/** The mapping of one external id: the portal row it names, and whether it is soft-deleted. */
export interface ExternalIdRow {
  externalId: string;
  internalId: number;
  deletedAt: Date | null;
}

/** The mappings of `externalIds` of one kind (chunked, so a batch of thousands is a few index scans). */
export async function findExternalIds(
  db: Db,
  instituteId: number,
  kind: string,
  externalIds: readonly string[],
): Promise<Map<string, ExternalIdRow>> {
  const found = new Map<string, ExternalIdRow>();
  const unique = [...new Set(externalIds)];
  for (let start = 0; start < unique.length; start += 50_000) {
    const rows = await db
      .select({
        externalId: adminExternalIds.externalId,
        internalId: adminExternalIds.internalId,
        deletedAt: adminExternalIds.deletedAt,
      })
      .from(adminExternalIds)
      .where(
        and(
          eq(adminExternalIds.instituteId, instituteId),
          eq(adminExternalIds.kind, kind),
          anyOf(adminExternalIds.externalId, unique.slice(start, start + 50_000)),
        ),
      );
    for (const row of rows) found.set(row.externalId, row);
  }
  return found;
}

/** Records the external ids of rows just created. */
export async function insertExternalIds(
  db: Db,
  instituteId: number,
  kind: string,
  rows: readonly { externalId: string; internalId: number }[],
): Promise<void> {
  await insertRows(
    db,
    adminExternalIds,
    rows.map((row) => ({ instituteId, kind, externalId: row.externalId, internalId: row.internalId })),
  );
}

/** Marks external ids deleted (soft) or restored (`at` null). */
export async function setExternalIdsDeleted(
  db: Db,
  instituteId: number,
  kind: string,
  externalIds: readonly string[],
  at: Date | null,
): Promise<void> {
  if (externalIds.length === 0) return;
  await db
    .update(adminExternalIds)
    .set({ deletedAt: at })
    .where(
      and(
        eq(adminExternalIds.instituteId, instituteId),
        eq(adminExternalIds.kind, kind),
        anyOf(adminExternalIds.externalId, [...externalIds]),
      ),
    );
}

/** Forgets external ids whose rows were deleted for good. */
export async function deleteExternalIds(
  db: Db,
  instituteId: number,
  kind: string,
  externalIds: readonly string[],
): Promise<void> {
  if (externalIds.length === 0) return;
  await db
    .delete(adminExternalIds)
    .where(
      and(
        eq(adminExternalIds.instituteId, instituteId),
        eq(adminExternalIds.kind, kind),
        anyOf(adminExternalIds.externalId, [...externalIds]),
      ),
    );
}

/** Writes the audit rows of one batch. */
export async function insertAuditRows(db: Db, rows: (typeof adminAudit.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = ['instituteId', 'keyId', 'source', 'at', 'kind', 'action', 'externalId', 'beforeId', 'afterId'] as const;
  await insertRows(
    db,
    adminAudit,
    rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key] ?? null]))),
  );
}

/** The institute's time zone (dates and times in rows are its local time). */
export async function findInstituteTimeZone(db: Db, instituteId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: institutes.timeZone })
    .from(institutes)
    .where(eq(institutes.id, instituteId));
  return row?.timeZone ?? 'Asia/Kolkata';
}
