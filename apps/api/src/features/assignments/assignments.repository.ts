import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assignmentAttachments,
  assignments,
  batches,
  idempotentWrites,
  standards,
  subjects,
  submissions,
} from '../../db/schema/index.ts';

export {
  findInstituteTimeZone as findTimeZone,
  findStudentBatchIds as findBatchIds,
} from '../../db/enrolment-queries.ts';

export type AttachmentRow = typeof assignmentAttachments.$inferSelect;

const assignmentColumns = {
  assignment: assignments,
  subjectName: subjects.name,
  courseName: sql<string>`${standards.name} || ' - ' || ${batches.name}`,
  submission: submissions,
};

/** Assignments of `batchIds` (optionally one of them) with subject, course and this student's submission. */
export function findAssignments(db: Db, instituteId: number, studentId: number, batchIds: number[], fileId?: number) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(subjects, and(eq(subjects.instituteId, assignments.instituteId), eq(subjects.id, assignments.subjectId)))
    .innerJoin(batches, and(eq(batches.instituteId, assignments.instituteId), eq(batches.id, assignments.batchId)))
    .innerJoin(standards, and(eq(standards.instituteId, batches.instituteId), eq(standards.id, batches.standardId)))
    .leftJoin(
      submissions,
      and(
        eq(submissions.instituteId, assignments.instituteId),
        eq(submissions.assignmentId, assignments.id),
        eq(submissions.studentId, studentId),
      ),
    )
    .where(
      and(
        eq(assignments.instituteId, instituteId),
        inArray(assignments.batchId, batchIds),
        fileId === undefined ? undefined : eq(assignments.id, fileId),
      ),
    )
    .orderBy(asc(assignments.dueAt), asc(assignments.id));
}

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

/** Attachments by id with what decides who may see them: the assignment's batch, release, the submitter. */
export function findAttachmentsByIds(db: Db, instituteId: number, ids: number[]) {
  return db
    .select({
      attachment: assignmentAttachments,
      batchId: assignments.batchId,
      isSolutionReleased: assignments.isSolutionReleased,
      submitterId: submissions.studentId,
    })
    .from(assignmentAttachments)
    .innerJoin(
      assignments,
      and(
        eq(assignments.instituteId, assignmentAttachments.instituteId),
        eq(assignments.id, assignmentAttachments.assignmentId),
      ),
    )
    .leftJoin(
      submissions,
      and(
        eq(submissions.instituteId, assignmentAttachments.instituteId),
        eq(submissions.id, assignmentAttachments.submissionId),
      ),
    )
    .where(and(eq(assignmentAttachments.instituteId, instituteId), inArray(assignmentAttachments.id, ids)));
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
