import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyOf, chunks, insertRows } from '../../db/bulk.ts';
import { adminApiKeys, adminAudit, adminExternalIds, adminFiles } from '../../db/schema/admin.ts';
import { institutes } from '../../db/schema/institutes.ts';

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

/** The institute's name (the import's first-password texts name it). */
export async function findInstituteName(db: Db, instituteId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: institutes.name }).from(institutes).where(eq(institutes.id, instituteId));
  return row?.name;
}

// The operator's tools (institute.cli.ts, admin-key.cli.ts).

export async function setVimeoDownloads(db: Db, instituteId: number, isVimeoDownloadable: boolean): Promise<void> {
  await db.update(institutes).set({ isVimeoDownloadable }).where(eq(institutes.id, instituteId));
}

/** Adds an institute; answers its id. */
export async function insertInstitute(db: Db, values: typeof institutes.$inferInsert): Promise<number> {
  const [row] = await db.insert(institutes).values(values).returning({ id: institutes.id });
  return row!.id;
}

/** The institute's admin API keys, oldest first. */
export async function listAdminKeys(db: Db, instituteId: number) {
  return db.select().from(adminApiKeys).where(eq(adminApiKeys.instituteId, instituteId)).orderBy(adminApiKeys.id);
}

/** Revokes the institute's active key named `name`; answers whether there was one. */
export async function revokeAdminKey(db: Db, instituteId: number, name: string, at: Date): Promise<boolean> {
  const revoked = await db
    .update(adminApiKeys)
    .set({ revokedAt: at })
    .where(and(eq(adminApiKeys.instituteId, instituteId), eq(adminApiKeys.name, name), isNull(adminApiKeys.revokedAt)))
    .returning({ id: adminApiKeys.id });
  return revoked.length > 0;
}

/** Whether the institute has a key named `name` (revoked or not: names are not reused). */
export async function hasAdminKeyNamed(db: Db, instituteId: number, name: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: adminApiKeys.id })
    .from(adminApiKeys)
    .where(and(eq(adminApiKeys.instituteId, instituteId), eq(adminApiKeys.name, name)));
  return existing !== undefined;
}

export async function insertAdminKey(db: Db, instituteId: number, name: string, keyHash: string): Promise<void> {
  await db.insert(adminApiKeys).values({ instituteId, name, keyHash });
}

// Files the institute's system uploaded (`POST /api/admin/v1/files`, the import), by its external id.

/** A file as the rows that name it copy it. */
export interface AdminFile {
  id: number;
  fileKey: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
}

const toFile = (row: typeof adminFiles.$inferSelect): AdminFile => ({
  id: row.id,
  fileKey: row.fileKey,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  sha256: row.sha256,
});

/** The files of an institute by external id. */
export async function findAdminFiles(db: Db, instituteId: number, externalIds: string[]) {
  const found = new Map<string, AdminFile>();
  for (const part of chunks([...new Set(externalIds)], 5000)) {
    const rows = await db
      .select()
      .from(adminFiles)
      .where(and(eq(adminFiles.instituteId, instituteId), inArray(adminFiles.externalId, part)));
    for (const row of rows) found.set(row.externalId, toFile(row));
  }
  return found;
}

type AdminFileColumns = Pick<typeof adminFiles.$inferInsert, 'fileKey' | 'fileName' | 'sizeBytes' | 'sha256'>;

/** Creates the file of an external id; answers its id, or undefined when the id has one already. */
export async function createAdminFile(
  db: Db,
  instituteId: number,
  externalId: string,
  columns: AdminFileColumns,
  now: Date,
): Promise<number | undefined> {
  const [created] = await db
    .insert(adminFiles)
    .values({ instituteId, externalId, ...columns, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: adminFiles.id });
  return created?.id;
}

/** The file of an external id, held until the transaction ends (a parallel replace waits). */
export async function lockAdminFile(db: Db, instituteId: number, externalId: string) {
  const [row] = await db
    .select()
    .from(adminFiles)
    .where(and(eq(adminFiles.instituteId, instituteId), eq(adminFiles.externalId, externalId)))
    .for('update');
  return row && toFile(row);
}

/** Replaces a file's stored object and what the rows copy of it. */
export async function updateAdminFile(
  db: Db,
  instituteId: number,
  id: number,
  columns: AdminFileColumns,
  now: Date,
): Promise<void> {
  await db
    .update(adminFiles)
    .set({ ...columns, updatedAt: now })
    .where(and(eq(adminFiles.instituteId, instituteId), eq(adminFiles.id, id)));
}

/** Deletes files (their objects go after the commit: the caller journals them). */
export async function deleteAdminFileRows(db: Db, instituteId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(adminFiles).where(and(eq(adminFiles.instituteId, instituteId), anyOf(adminFiles.id, ids)));
}
