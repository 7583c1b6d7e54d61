import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import {
  assignmentAttachments,
  institutes,
  assignments,
  batches,
  enrolments,
  productPurchases,
  standards,
  subjects,
  submissions,
  users,
} from '../db/schema/index.ts';

// The lookups the policies make: each one prepared once, index-backed, keyed by the institute first.
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

/** Joins an assignment query to subject, course and this student's submission, for `batchIds` (or one `fileId`). */
function ofStudentBatches<T extends PgSelect>(query: T, oneOnly: boolean) {
  return query
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
}

const courseName = sql<string>`${standards.name} || ' - ' || ${batches.name}`;

// The list carries only what a card shows; the one assignment a policy loads carries everything.
const assignmentListQuery = prepared((db) =>
  ofStudentBatches(
    db
      .select({
        assignment: {
          id: assignments.id,
          title: assignments.title,
          dueAt: assignments.dueAt,
          isLateAllowed: assignments.isLateAllowed,
        },
        subjectName: subjects.name,
        courseName,
        submission: { status: submissions.status, teacherStatus: submissions.teacherStatus },
      })
      .from(assignments)
      .$dynamic(),
    false,
  ).prepare('access_assignment_list'),
);
const assignmentQuery = prepared((db) =>
  ofStudentBatches(
    db
      .select({ assignment: assignments, subjectName: subjects.name, courseName, submission: submissions })
      .from(assignments)
      .$dynamic(),
    true,
  ).prepare('access_assignment'),
);

/** The assignments of `batchIds`, soonest due first, with what their cards show. */
export function findAssignmentList(db: Db, instituteId: number, studentId: number, batchIds: number[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return assignmentListQuery(db, { instituteId, studentId, batchIds });
}

/** One row of `findAssignmentList`. */
export type AssignmentListRow = Awaited<ReturnType<typeof findAssignmentList>>[number];

/** The assignment `fileId` if it is set for one of `batchIds`, with subject, course and the student's work. */
export async function findAssignment(
  db: Db,
  instituteId: number,
  studentId: number,
  batchIds: number[],
  fileId: number,
) {
  if (batchIds.length === 0) return undefined;
  const [row] = await assignmentQuery(db, { instituteId, studentId, batchIds, fileId });
  return row;
}

/** The assignment a policy loaded. */
export type AssignmentRow = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

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

const accountPhoneQuery = prepared((db) =>
  db
    .select({ phone: users.phone, countryCallingCode: institutes.countryCallingCode })
    .from(users)
    .innerJoin(institutes, eq(institutes.id, users.instituteId))
    .where(and(eq(users.instituteId, p('instituteId')), eq(users.id, p('userId'))))
    .prepare('access_account_phone'),
);

/** The phone of an account (without country code; null when it has none) and its institute's calling code. */
export async function findAccountPhone(db: Db, instituteId: number, userId: number) {
  const [row] = await accountPhoneQuery(db, { instituteId, userId });
  return row;
}
