import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { batches, standards, subjects } from '../../db/schema/academics.ts';
import { assignmentAttachments, assignments, submissions } from '../../db/schema/assignments.ts';

const anyOf = (column: Parameters<typeof eq>[0], name: string) => sql`${column} = any(${p(name)})`;

// The list and the one assignment (the `file` id policy loads it), and attachments by id (the `attachment` policy).
/**
 * Joins an assignment query to subject, course and this student's submission, for `batchIds`: all of them, one
 * (`fileId`), or those due in [`from`, `to`) (the (institute_id, batch_id, due_at) index: a range per batch).
 */
function ofStudentBatches<T extends PgSelect>(query: T, only: 'all' | 'one' | 'due-between') {
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
        only === 'one' ? eq(assignments.id, p('fileId')) : undefined,
        only === 'due-between' ? gte(assignments.dueAt, p('from')) : undefined,
        only === 'due-between' ? lt(assignments.dueAt, p('to')) : undefined,
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
    'all',
  ).prepare('access_assignment_list'),
);
const assignmentQuery = prepared((db) =>
  ofStudentBatches(
    db
      .select({ assignment: assignments, subjectName: subjects.name, courseName, submission: submissions })
      .from(assignments)
      .$dynamic(),
    'one',
  ).prepare('access_assignment'),
);

/** The assignments of `batchIds`, soonest due first, with what their cards show. */
export function findAssignmentList(db: Db, instituteId: number, studentId: number, batchIds: number[]) {
  if (batchIds.length === 0) return Promise.resolve([]);
  return assignmentListQuery(db, { instituteId, studentId, batchIds });
}

/** One row of `findAssignmentList`. */
export type AssignmentListRow = Awaited<ReturnType<typeof findAssignmentList>>[number];

const dueBetweenQuery = prepared((db) =>
  ofStudentBatches(
    db
      .select({
        id: assignments.id,
        title: assignments.title,
        dueAt: assignments.dueAt,
        subjectName: subjects.name,
        submissionStatus: submissions.status,
      })
      .from(assignments)
      .$dynamic(),
    'due-between',
  ).prepare('assignments_due_between'),
);

/** The assignments of `batchIds` due in [from, to), soonest first, with this student's submission state (Today). */
export function findAssignmentsDueBetween(
  db: Db,
  values: { instituteId: number; studentId: number; batchIds: number[]; from: Date; to: Date },
) {
  if (values.batchIds.length === 0) return Promise.resolve([]);
  return dueBetweenQuery(db, { ...values, from: values.from.toISOString(), to: values.to.toISOString() });
}

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

// A student's save (submission.service.ts), inside its transaction.

/** What a submission holds now: its files, their bytes and its links (the limits count these). */
export async function findSubmissionTotals(tx: Db, instituteId: number, submissionId: number) {
  const [totals] = await tx
    .select({
      files: sql<number>`count(*) filter (where ${assignmentAttachments.kind} = 'student_file')`.mapWith(Number),
      bytes:
        sql<number>`coalesce(sum(${assignmentAttachments.sizeBytes}) filter (where ${assignmentAttachments.kind} = 'student_file'), 0)`.mapWith(
          Number,
        ),
      links: sql<number>`count(*) filter (where ${assignmentAttachments.kind} = 'student_link')`.mapWith(Number),
    })
    .from(assignmentAttachments)
    .where(
      and(eq(assignmentAttachments.instituteId, instituteId), eq(assignmentAttachments.submissionId, submissionId)),
    );
  return totals!;
}

/**
 * The student's submission of an assignment, created as a draft if missing, locked for the rest of the transaction;
 * undefined if it could not be read.
 */
export async function lockSubmission(
  tx: Db,
  {
    instituteId,
    assignmentId,
    studentId,
    now,
  }: { instituteId: number; assignmentId: number; studentId: number; now: Date },
) {
  const ofStudent = and(
    eq(submissions.instituteId, instituteId),
    eq(submissions.assignmentId, assignmentId),
    eq(submissions.studentId, studentId),
  );
  await tx
    .insert(submissions)
    .values({ instituteId, assignmentId, studentId, status: 'Draft', updatedAt: now })
    .onConflictDoNothing();
  const [submission] = await tx
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(ofStudent)
    .for('update');
  return submission;
}

/** Sets a submission's status, comment and times. */
export async function updateSubmission(
  tx: Db,
  instituteId: number,
  submissionId: number,
  values: Pick<typeof submissions.$inferInsert, 'status' | 'studentComment' | 'submittedAt' | 'updatedAt'>,
) {
  await tx
    .update(submissions)
    .set(values)
    .where(and(eq(submissions.instituteId, instituteId), eq(submissions.id, submissionId)));
}

/** Removes attachments by id. */
export async function deleteAttachments(tx: Db, instituteId: number, ids: number[]) {
  await tx
    .delete(assignmentAttachments)
    .where(and(eq(assignmentAttachments.instituteId, instituteId), inArray(assignmentAttachments.id, ids)));
}

/** Adds attachments (a row already there is kept). */
export async function insertAttachments(tx: Db, rows: (typeof assignmentAttachments.$inferInsert)[]) {
  await tx.insert(assignmentAttachments).values(rows).onConflictDoNothing();
}
