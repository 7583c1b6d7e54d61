import { and, asc, eq, isNull, lte, not } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { officePreviews } from '../db/schema/media.ts';

// What office_previews remembers of each stored office document: its PDF, or why it has none (lib/office-preview.ts).

/** What a conversion found: a preview, a refusal, or a limit and when to try again. */
export type PreviewOutcome = Partial<typeof officePreviews.$inferInsert>;

/** The document's row, if a conversion has been tried. */
export async function findPreview(db: Db, sourceKey: string) {
  const [row] = await db.select().from(officePreviews).where(eq(officePreviews.sourceFileKey, sourceKey));
  return row;
}

/** Records the outcome unless another process already stored a preview. */
export async function rememberPreview(db: Db, sourceKey: string, outcome: PreviewOutcome, now: Date): Promise<void> {
  await db
    .insert(officePreviews)
    .values({ sourceFileKey: sourceKey, ...outcome })
    .onConflictDoUpdate({
      target: officePreviews.sourceFileKey,
      set: { ...outcome, convertedAt: now },
      setWhere: isNull(officePreviews.previewFileKey),
    });
}

/** Documents whose conversion a limit stopped and whose pause has ended, oldest first: tried again by a job. */
export async function findPreviewsDue(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ sourceKey: officePreviews.sourceFileKey })
    .from(officePreviews)
    .where(
      // As the partial index office_previews_to_retry says it.
      and(isNull(officePreviews.previewFileKey), not(officePreviews.failed), lte(officePreviews.retryAt, now)),
    )
    .orderBy(asc(officePreviews.retryAt))
    .limit(limit);
  return rows.map((row) => row.sourceKey);
}
