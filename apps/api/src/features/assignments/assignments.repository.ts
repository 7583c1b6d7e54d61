import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { assignmentAttachments } from '../../db/schema/index.ts';

export { findAssignmentList, findAttachmentsByIds } from '../../access/access.repository.ts';

export type AttachmentRow = typeof assignmentAttachments.$inferSelect;

const attachmentsQuery = (db: Db, ofSubmission: boolean) =>
  db
    .select()
    .from(assignmentAttachments)
    .where(
      and(
        eq(assignmentAttachments.instituteId, p('instituteId')),
        eq(assignmentAttachments.assignmentId, p('assignmentId')),
        // Kinds travel as one comma-separated text: an enum array parameter is not portable across the two drivers.
        sql`${assignmentAttachments.kind}::text = any(string_to_array(${p('kinds')}, ','))`,
        ofSubmission ? eq(assignmentAttachments.submissionId, p('submissionId')) : undefined,
      ),
    )
    .orderBy(asc(assignmentAttachments.id));
const attachmentsOfAssignment = prepared((db) => attachmentsQuery(db, false).prepare('assignments_attachments'));
const attachmentsOfSubmission = prepared((db) =>
  attachmentsQuery(db, true).prepare('assignments_submission_attachments'),
);

/** Attachments of an assignment of the given kinds (student kinds only of `submissionId`). */
export function findAttachments(
  db: Db,
  instituteId: number,
  assignmentId: number,
  kinds: AttachmentRow['kind'][],
  submissionId?: number | null,
): Promise<AttachmentRow[]> {
  if (submissionId === null) return Promise.resolve([]);
  return submissionId === undefined
    ? attachmentsOfAssignment(db, { instituteId, assignmentId, kinds: kinds.join(',') })
    : attachmentsOfSubmission(db, { instituteId, assignmentId, kinds: kinds.join(','), submissionId });
}
