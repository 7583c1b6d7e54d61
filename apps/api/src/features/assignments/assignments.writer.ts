// The assignments area's writer (issue 29): the one module that creates and changes the institute's assignments
// with their own files (the teacher's sheets and the solutions), for the admin API, the demo seed and the test
// factories, in the caller's transaction. A student's work (submissions, their files and links) is the student's,
// written by the submission service, never here.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { instituteRows, pairRows } from '../../db/institute-rows.ts';
import type { StoredFileRef } from '../../lib/storage.ts';
import { anyOf, chunks, countsBy, insertRows, keysHeld, updateRows } from '../../db/bulk.ts';
import { assignmentAttachments, assignments, submissions } from '../../db/schema/assignments.ts';

/** One of an assignment's own files: the teacher's (shown with it) or a solution (shown once released). */
export interface AssignmentFile {
  kind: 'teacher' | 'solution';
  fileKey: string;
  displayName: string;
  sizeBytes: number;
  /** '' when unknown. */
  sha256: string;
}

/** An assignment as written; `files`, when given, are its own files in order (replacing the ones it has). */
export type AssignmentValues = Omit<typeof assignments.$inferInsert, 'instituteId' | 'id'> & {
  files?: AssignmentFile[];
};

/** An assignment as stored, with its own files in the order they are read back. */
export type StoredAssignment = typeof assignments.$inferSelect & { files: AssignmentFile[] };

const ownKinds = ['teacher', 'solution'] as const;

/** The same fields in the same order whether read back or written, so a file written again compares equal. */
export const assignmentFile = (
  kind: AssignmentFile['kind'],
  file: { fileKey: string | null; displayName: string; sizeBytes: number; sha256?: string | null },
): AssignmentFile => ({
  kind,
  fileKey: file.fileKey ?? '',
  displayName: file.displayName,
  sizeBytes: file.sizeBytes,
  sha256: file.sha256 ?? '',
});

/** The assignments' own files, teacher's first then solutions, each kind in the order added. */
async function findOwnFiles(db: Db, instituteId: number, ids: readonly number[]) {
  const found = new Map<number, AssignmentFile[]>(ids.map((id) => [id, []]));
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select({
        id: assignmentAttachments.assignmentId,
        kind: assignmentAttachments.kind,
        fileKey: assignmentAttachments.fileKey,
        displayName: assignmentAttachments.displayName,
        sizeBytes: assignmentAttachments.sizeBytes,
        sha256: assignmentAttachments.sha256,
      })
      .from(assignmentAttachments)
      .where(
        and(
          eq(assignmentAttachments.instituteId, instituteId),
          anyOf(assignmentAttachments.assignmentId, part),
          inArray(assignmentAttachments.kind, [...ownKinds]),
        ),
      )
      .orderBy(assignmentAttachments.kind, assignmentAttachments.id);
    for (const row of rows) found.get(row.id)?.push(assignmentFile(row.kind as AssignmentFile['kind'], row));
  }
  return found;
}

/** Replaces an assignment's own files (a student's files and links stay). */
async function saveOwnFiles(db: Db, instituteId: number, id: number, files: readonly AssignmentFile[], now: Date) {
  await db
    .delete(assignmentAttachments)
    .where(
      and(
        eq(assignmentAttachments.instituteId, instituteId),
        eq(assignmentAttachments.assignmentId, id),
        inArray(assignmentAttachments.kind, [...ownKinds]),
      ),
    );
  if (files.length === 0) return;
  await db.insert(assignmentAttachments).values(
    files.map((file) => ({
      instituteId,
      assignmentId: id,
      createdAt: now,
      kind: file.kind,
      fileKey: file.fileKey,
      displayName: file.displayName,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256 || null,
    })),
  );
}

const assignmentRows = instituteRows(assignments);

/** Assignments by id, each with its own files. */
export async function findAssignments(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, StoredAssignment>> {
  const found = new Map<number, StoredAssignment>();
  for (const [id, row] of await assignmentRows.find(db, instituteId, ids)) found.set(id, { ...row, files: [] });
  for (const [id, files] of await findOwnFiles(db, instituteId, [...found.keys()])) found.get(id)!.files = files;
  return found;
}

/** Creates assignments with their own files (added at `now`); answers their ids in the order given. */
export async function createAssignments(
  db: Db,
  instituteId: number,
  values: readonly AssignmentValues[],
  now: Date,
): Promise<number[]> {
  const ids = await assignmentRows.create(
    db,
    instituteId,
    values.map(({ files: _files, ...columns }) => ({ createdAt: now, ...columns })),
  );
  for (const [position, value] of values.entries()) {
    if (value.files?.length) await saveOwnFiles(db, instituteId, ids[position]!, value.files, now);
  }
  return ids;
}

/**
 * Changes an assignment's given columns; its own files only when given and different from what it has (`storedFiles`,
 * when the caller has read them already, spares reading them again), so the files a student has open keep their ids
 * when an assignment is written again unchanged.
 */
export async function updateAssignment(
  db: Db,
  instituteId: number,
  id: number,
  { files, ...columns }: Partial<AssignmentValues>,
  now: Date,
  storedFiles?: readonly AssignmentFile[],
): Promise<void> {
  if (Object.keys(columns).length > 0) await assignmentRows.update(db, instituteId, id, columns);
  if (files === undefined) return;
  const stored = storedFiles ?? (await findOwnFiles(db, instituteId, [id])).get(id) ?? [];
  const written = files.map((file) => assignmentFile(file.kind, file));
  if (JSON.stringify(stored) !== JSON.stringify(written)) await saveOwnFiles(db, instituteId, id, written, now);
}

/** The assignments of `ids` that must stay, each with the reason: students' work is never deleted with them. */
export async function findKeptAssignments(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const work = await countsBy(
    db,
    { by: submissions.assignmentId, instituteId: submissions.instituteId },
    instituteId,
    ids,
  );
  return new Map([...work].map(([id, total]) => [id, `has ${total} students' submissions, so it cannot be deleted`]));
}

/** Deletes assignments for good, with their own files (see findKeptAssignments). */
export const deleteAssignments = assignmentRows.remove;

/** A teacher's evaluation of a student's work on an assignment. */
export interface EvaluationValues {
  assignmentId: number;
  studentId: number;
  marks: number | null;
  grade: string;
  teacherComment: string;
}

/** An evaluation's columns: the work marked evaluated, with its marks, grade and comment. */
const evaluationColumns = ({ assignmentId, studentId, marks, grade, teacherComment }: EvaluationValues) => ({
  assignmentId,
  studentId,
  teacherStatus: 'Evaluated',
  marks,
  grade,
  teacherComment,
});

const submissionRows = pairRows(submissions, [submissions.assignmentId, submissions.studentId]);

/** The submissions of these (assignment, student) pairs, as stored. */
export const findSubmissions = submissionRows.find;

/**
 * Evaluates work no submission holds yet: work handed in on paper, so the evaluation makes the submission, handed
 * in at `now`. Answers the new submissions' ids in the order given (one statement).
 */
export async function evaluatePaperWork(
  db: Db,
  instituteId: number,
  values: readonly EvaluationValues[],
  now: Date,
): Promise<number[]> {
  return insertRows(
    db,
    submissions,
    values.map((value) => ({
      instituteId,
      ...evaluationColumns(value),
      status: 'Submitted',
      submittedAt: now,
      updatedAt: now,
    })),
    { returningId: true },
  );
}

/** Evaluates submitted work, each found by its assignment and student (one statement); the work stays the student's. */
export async function evaluateSubmissions(
  db: Db,
  instituteId: number,
  values: readonly EvaluationValues[],
): Promise<void> {
  await updateRows(
    db,
    submissions,
    ['instituteId', 'assignmentId', 'studentId'],
    values.map((value) => ({ instituteId, ...evaluationColumns(value) })),
  );
}

/** Takes evaluations back: the marks, grade and comment go, the student's own work stays. */
export async function clearEvaluations(
  db: Db,
  instituteId: number,
  pairs: readonly (readonly [number, number])[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .update(submissions)
    .set({ teacherStatus: 'Pending', marks: null, grade: '', teacherComment: '' })
    .where(submissionRows.where(instituteId, pairs));
}

/** Points the teacher's files and solutions that show the stored object `from` at `to`; answers how many moved. */
export async function moveStoredFile(db: Db, instituteId: number, from: string, to: StoredFileRef): Promise<number> {
  const moved = await db
    .update(assignmentAttachments)
    .set({ fileKey: to.fileKey, displayName: to.fileName, sizeBytes: to.sizeBytes, sha256: to.sha256 })
    .where(
      and(
        eq(assignmentAttachments.instituteId, instituteId),
        eq(assignmentAttachments.fileKey, from),
        inArray(assignmentAttachments.kind, [...ownKinds]),
      ),
    )
    .returning({ id: assignmentAttachments.id });
  return moved.length;
}

/** Which of `keys` an assignment shows (its teacher's files and solutions), in words. */
export async function findStoredFileUses(
  db: Db,
  instituteId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const held = await keysHeld(
    db,
    { key: assignmentAttachments.fileKey, instituteId: assignmentAttachments.instituteId },
    instituteId,
    keys,
    inArray(assignmentAttachments.kind, [...ownKinds]),
  );
  return new Map(held.map((key) => [key, 'an assignment']));
}
