import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import {
  academicYears,
  assignmentAttachments,
  feePayments,
  feeReceipts,
  institutes,
  assignments,
  batches,
  classRecordings,
  classSessions,
  enrolments,
  examLabels,
  examProductTests,
  examTestBatches,
  examTests,
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

const academicYearQuery = prepared((db) =>
  db
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, p('instituteId')), eq(academicYears.id, p('academicYearId'))))
    .prepare('access_academic_year'),
);

/** Whether an academic year is one of the institute's. */
export async function isAcademicYearOf(db: Db, instituteId: number, academicYearId: number): Promise<boolean> {
  return (await academicYearQuery(db, { instituteId, academicYearId })).length > 0;
}

const receiptQuery = prepared((db) =>
  db
    .select({
      paymentId: feePayments.id,
      receiptNo: feePayments.receiptNo,
      academicYearId: feePayments.academicYearId,
      financialYear: feePayments.financialYear,
      pdfFileKey: feeReceipts.pdfFileKey,
      verificationCode: feeReceipts.verificationCode,
    })
    .from(feePayments)
    .innerJoin(
      feeReceipts,
      and(eq(feeReceipts.instituteId, feePayments.instituteId), eq(feeReceipts.paymentId, feePayments.id)),
    )
    .where(
      and(
        // The (institute_id, receipt_no) unique index; the student must be the one viewed.
        eq(feePayments.instituteId, p('instituteId')),
        eq(feePayments.receiptNo, p('receiptNo')),
        eq(feePayments.studentId, p('studentId')),
      ),
    )
    .prepare('access_fee_receipt'),
);

/** A receipt of the student, by its number in the institute; undefined for anyone else's. */
export async function findStudentReceipt(db: Db, instituteId: number, studentId: number, receiptNo: string) {
  const [row] = await receiptQuery(db, { instituteId, studentId, receiptNo });
  return row;
}

/** A receipt a declared `receipt` id named. */
export type ReceiptAccessRow = NonNullable<Awaited<ReturnType<typeof findStudentReceipt>>>;

const classSessionQuery = prepared((db) =>
  db
    .select({
      id: classSessions.id,
      batchId: classSessions.batchId,
      classType: classSessions.classType,
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
      meetingWith: classSessions.meetingWith,
      sessionLink: classSessions.sessionLink,
    })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.instituteId, p('instituteId')),
        eq(classSessions.id, p('sessionId')),
        anyOf(classSessions.batchId, 'batchIds'),
      ),
    )
    .prepare('access_class_session'),
);

/** The class session `sessionId` if it is for one of `batchIds` (a student's sections this year). */
export async function findClassSession(db: Db, instituteId: number, batchIds: number[], sessionId: number) {
  if (batchIds.length === 0) return undefined;
  const [row] = await classSessionQuery(db, { instituteId, batchIds, sessionId });
  return row;
}

/** The class session a policy loaded. */
export type ClassSessionRow = NonNullable<Awaited<ReturnType<typeof findClassSession>>>;

const recordingQuery = prepared((db) =>
  db
    .select({
      id: classRecordings.id,
      host: classRecordings.host,
      name: classRecordings.name,
      fileKey: classRecordings.fileKey,
      providerVideoId: classRecordings.providerVideoId,
    })
    .from(classRecordings)
    .innerJoin(
      classSessions,
      and(eq(classSessions.instituteId, classRecordings.instituteId), eq(classSessions.id, classRecordings.sessionId)),
    )
    .where(
      and(
        eq(classRecordings.instituteId, p('instituteId')),
        eq(classRecordings.id, p('recordingId')),
        anyOf(classSessions.batchId, 'batchIds'),
      ),
    )
    .prepare('access_recording'),
);

/** The recording `recordingId` if its class is for one of `batchIds`. */
export async function findRecording(db: Db, instituteId: number, batchIds: number[], recordingId: number) {
  if (batchIds.length === 0) return undefined;
  const [row] = await recordingQuery(db, { instituteId, batchIds, recordingId });
  return row;
}

/** The recording a policy loaded. */
export type RecordingRow = NonNullable<Awaited<ReturnType<typeof findRecording>>>;

const visibleTestsQuery = prepared((db) =>
  db
    .select({ id: examTests.id })
    .from(examTests)
    .where(
      and(
        eq(examTests.instituteId, p('instituteId')),
        anyOf(examTests.id, 'testIds'),
        sql`(exists (select 1 from ${examTestBatches} b where b.institute_id = ${examTests.instituteId}
              and b.test_id = ${examTests.id} and b.batch_id = any(${p('batchIds')}))
          or exists (select 1 from ${examProductTests} pt join ${productPurchases} pp
              on pp.institute_id = pt.institute_id and pp.product_id = pt.product_id
              where pt.institute_id = ${examTests.instituteId} and pt.test_id = ${examTests.id}
              and pp.user_id = ${p('userId')}))`,
      ),
    )
    .prepare('access_visible_tests'),
);

/**
 * Of `testIds`, the tests of the institute set for one of `batchIds` (the student's sections this year) or sold in
 * a product the user bought.
 */
export async function findVisibleTestIds(
  db: Db,
  instituteId: number,
  batchIds: number[],
  userId: number,
  testIds: number[],
): Promise<number[]> {
  return (await visibleTestsQuery(db, { instituteId, batchIds, userId, testIds })).map((row) => row.id);
}

const labelQuery = prepared((db) =>
  db
    .select({ id: examLabels.id, testTypeId: examLabels.testTypeId })
    .from(examLabels)
    .where(and(eq(examLabels.instituteId, p('instituteId')), eq(examLabels.id, p('labelId'))))
    .prepare('access_exam_label'),
);

/** A test label of the institute. */
export async function findExamLabel(db: Db, instituteId: number, labelId: number) {
  const [row] = await labelQuery(db, { instituteId, labelId });
  return row;
}
