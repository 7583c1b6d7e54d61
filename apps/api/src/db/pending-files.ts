import { inArray } from 'drizzle-orm';
import type { Storage } from '../lib/storage.ts';
import type { Db } from './client.ts';
import { pendingFiles } from './schema/uploads.ts';

/** Journals keys about to be written (or removed) so a crash in between leaves nothing unaccounted for. */
export async function journalFiles(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0)
    await db
      .insert(pendingFiles)
      .values(keys.map((fileKey) => ({ fileKey })))
      .onConflictDoNothing();
}

export async function clearJournal(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(pendingFiles).where(inArray(pendingFiles.fileKey, keys));
}

/**
 * At start-up: every journaled key belongs to a write that never committed (or a removal that never finished),
 * so no row points at it; the file goes, then its journal entry. Answers how many were removed.
 */
export async function sweepPendingFiles(db: Db, storage: Storage): Promise<number> {
  const rows = await db.select({ fileKey: pendingFiles.fileKey }).from(pendingFiles);
  for (const { fileKey } of rows) await storage.remove(fileKey).catch(() => undefined);
  await clearJournal(
    db,
    rows.map((row) => row.fileKey),
  );
  return rows.length;
}
