import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import {
  assignmentAttachments,
  assignments,
  batches,
  enrolments,
  productPurchases,
  standards,
  subjects,
  submissions,
} from '../db/schema/index.ts';

// The lookups the policies make: each one prepared once, index-backed, keyed by the institute first.
const p = (name: string) => sql.placeholder(name);
const anyOf = (column: Parameters<typeof eq>[0], name: string) => sql`${column} = any(${p(name)})`;

const batchIdsQuery = prepared((db) =>
  db
    .select({ batchId: enrolments.batchId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.instituteId, p('instituteId')),
        eq(enrolments.studentId, p('studentId')),
        eq(enrolments.academicYearId, p('academicYearId')),
      ),
    )
    .prepare('access_batch_ids'),
);

/** The batches (sections) a student is in during one academic year: what decides what is addressed to them. */
export async function findStudentBatchIds(db: Db, instituteId: number, studentId: number, academicYearId: number) {
  const rows = await batchIdsQuery(db, { instituteId, studentId, academicYearId });
  return rows.map((row) => row.batchId);
}

const assignmentsOf = (db: Db, oneOnly: boolean) =>
  db
    .select({
      assignment: assignments,
      subjectName: subjects.name,
      courseName: sql<string>`${standards.name} || ' - ' || ${batches.name}`,
      submission: submissions,
    })
    .from(assignments)
    .innerJoin(subjects, and(eq(subjects.instituteId, assignments.instituteId), eq(subjects.id, assignments.subjectId)))
    .innerJoin(batches, and(eq(batches.instituteId, assignments.instituteId), eq(batches.id, assignments.batchId)))
    .innerJoin(standards, and(eq(standards.instituteId, batches.instituteId), eq(standards.id, batches.standardId)))
    .leftJoin(
      submissions,
      and(
        eq(submissions.instituteId, assignments.instituteId),
        eq(submissions.assignmentId, assignments.id),
        eq(submissions.studentId, p('studentId')),
      ),
    )
    .where(
      and(
        eq(assignments.instituteId, p('instituteId')),
        anyOf(assignments.batchId, 'batchIds'),
        oneOnly ? eq(assignments.id, p('fileId')) : undefined,
      ),
    )
    .orderBy(asc(assignments.dueAt), asc(assignments.id));

const assignmentListQuery = prepared((db) => assignmentsOf(db, false).prepare('access_assignment_list'));
const assignmentQuery = prepared((db) => assignmentsOf(db, true).prepare('access_assignment'));

/** Assignments of `batchIds` (or the one `fileId` among them) with subject, course and the student's submission. */
export function findAssignments(db: Db, instituteId: number, studentId: number, batchIds: number[], fileId?: number) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return fileId === undefined
    ? assignmentListQuery(db, { instituteId, studentId, batchIds })
    : assignmentQuery(db, { instituteId, studentId, batchIds, fileId });
}

/** One row of `findAssignments`. */
export type AssignmentRow = Awaited<ReturnType<typeof findAssignments>>[number];

const attachmentsByIdsQuery = prepared((db) =>
  db
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
    .where(and(eq(assignmentAttachments.instituteId, p('instituteId')), anyOf(assignmentAttachments.id, 'ids')))
    .prepare('access_attachments_by_ids'),
);

/** Attachments by id with what decides who may see them: the assignment's batch, release, the submitter. */
export const findAttachmentsByIds = (db: Db, instituteId: number, ids: number[]) =>
  attachmentsByIdsQuery(db, { instituteId, ids });

/** One row of `findAttachmentsByIds`. */
export type AttachmentAccessRow = Awaited<ReturnType<typeof findAttachmentsByIds>>[number];

const purchaseQuery = prepared((db) =>
  db
    .select({ productId: productPurchases.productId })
    .from(productPurchases)
    .where(
      and(
        eq(productPurchases.instituteId, p('instituteId')),
        eq(productPurchases.userId, p('userId')),
        eq(productPurchases.productId, p('productId')),
      ),
    )
    .limit(1)
    .prepare('access_purchase'),
);

/** True when the user bought the product. */
export async function hasBoughtProduct(db: Db, instituteId: number, userId: number, productId: number) {
  return (await purchaseQuery(db, { instituteId, userId, productId })).length > 0;
}
