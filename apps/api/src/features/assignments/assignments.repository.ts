import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentAttachments, idempotentWrites } from '../../db/schema/index.ts';

export { findAssignments, findAttachmentsByIds } from '../../access/access.repository.ts';

export type AttachmentRow = typeof assignmentAttachments.$inferSelect;

/** Attachments of an assignment of the given kinds (student kinds only of `submissionId`). */
export function findAttachments(
  db: Db,
  instituteId: number,
  assignmentId: number,
  kinds: AttachmentRow['kind'][],
  submissionId?: number | null,
) {
  return db
    .select()
    .from(assignmentAttachments)
    .where(
      and(
        eq(assignmentAttachments.instituteId, instituteId),
        eq(assignmentAttachments.assignmentId, assignmentId),
        inArray(assignmentAttachments.kind, kinds),
        submissionId === undefined
          ? undefined
          : submissionId === null
            ? sql`false`
            : eq(assignmentAttachments.submissionId, submissionId),
      ),
    )
    .orderBy(asc(assignmentAttachments.id));
}

export async function findIdempotentAnswer(db: Db, instituteId: number, userId: number, key: string) {
  const [row] = await db
    .select({ answer: idempotentWrites.answer })
    .from(idempotentWrites)
    .where(
      and(
        eq(idempotentWrites.instituteId, instituteId),
        eq(idempotentWrites.userId, userId),
        eq(idempotentWrites.key, key),
      ),
    );
  return row?.answer as { statusCode: number; message: string } | undefined;
}
