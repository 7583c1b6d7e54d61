// The documents area's writer (issue 29): documents (hosted videos or uploaded files shared with a subject's students
// or a library course's users), for the admin API, the demo seed and the test factories, in the caller's
// transaction.
import { kindOfFileName } from '@campus/domain/media/media-rules';
import { and, eq } from 'drizzle-orm';
import { keysHeld } from '../../db/bulk.ts';
import type { Db } from '../../db/client.ts';
import { instituteRows } from '../../db/institute-rows.ts';
import { documents } from '../../db/schema/documents.ts';
import type { StoredFileRef } from '../../lib/storage.ts';

/** A document as written. */
export type DocumentValues = Omit<typeof documents.$inferInsert, 'instituteId' | 'id'>;

/** Documents, found, created, changed and deleted by id. */
export const documentRows = instituteRows(documents);

/** Points documents that show the stored object `from` at `to`; answers how many moved. */
export async function moveStoredFile(db: Db, instituteId: number, from: string, to: StoredFileRef): Promise<number> {
  const moved = await db
    .update(documents)
    .set({ fileKey: to.fileKey, fileName: to.fileName, sizeBytes: to.sizeBytes, kind: kindOfFileName(to.fileName) })
    .where(and(eq(documents.instituteId, instituteId), eq(documents.fileKey, from)))
    .returning({ id: documents.id });
  return moved.length;
}

/** Which of `keys` a document shows, in words. */
export async function findStoredFileUses(
  db: Db,
  instituteId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const held = await keysHeld(db, { key: documents.fileKey, instituteId: documents.instituteId }, instituteId, keys);
  return new Map(held.map((key) => [key, 'a document']));
}
