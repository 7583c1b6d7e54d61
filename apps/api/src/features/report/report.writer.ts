// The report area's writer (issue 29): offline (classroom) exams of a batch with their subjects and total marks, and
// students' results in them (one row per student and subject), and what their rules read of the results recorded,
// for the admin API, the demo seed and the test factories, in the caller's transaction.
import { sql } from 'drizzle-orm';
import { executeRows, insertRows, updateRows } from '../../db/bulk.ts';
import type { Db } from '../../db/client.ts';
import { instituteRows } from '../../db/institute-rows.ts';
import { reportOfflineExams, reportOfflineMarks } from '../../db/schema/report.ts';

/** Offline exams: a batch's exam on a day, with its subjects and their total marks. */
export const offlineExamRows = instituteRows(reportOfflineExams);

/** Per offline exam (by id): how many students have results, and the highest marks recorded in each subject. */
export async function findOfflineExamResults(db: Db, instituteId: number, examIds: readonly number[]) {
  const found = new Map<number, { students: number; subjects: Map<string, number> }>();
  if (examIds.length === 0) return found;
  const rows = await executeRows<{ exam_id: number; subject_name: string; students: number; top: string | null }>(
    db,
    sql`select exam_id, subject_name, count(distinct student_id)::int as students, max(marks_obtained) as top
      from report_offline_marks
      where institute_id = ${instituteId} and exam_id = any(${sql.param([...examIds])}::int[])
      group by exam_id, subject_name`,
  );
  for (const row of rows) {
    const entry = found.get(row.exam_id) ?? { students: 0, subjects: new Map<string, number>() };
    entry.students = Math.max(entry.students, row.students);
    entry.subjects.set(row.subject_name, row.top === null ? 0 : Number(row.top));
    found.set(row.exam_id, entry);
  }
  return found;
}

/** A student's result in one subject of an offline exam. */
export interface OfflineResultValues {
  examId: number;
  studentId: number;
  subjectName: string;
  /** P present, A absent. */
  attendance: string;
  marksObtained: number | null;
  rank: number | null;
}

/** A result's key: exam id, student id and subject. */
export type OfflineResultKey = readonly [examId: number, studentId: number, subjectName: string];

export const offlineResultKey = (examId: number, studentId: number, subjectName: string) =>
  `${examId}|${studentId}|${subjectName}`;

/** `(exam, student, subject) in (keys)` with the keys as three array parameters, however many there are. */
const keyIn = (keys: readonly OfflineResultKey[]) =>
  sql`(m.exam_id, m.student_id, m.subject_name) in (select * from unnest(
    ${sql.param(keys.map((key) => key[0]))}::int[],
    ${sql.param(keys.map((key) => key[1]))}::int[],
    ${sql.param(keys.map((key) => key[2]))}::text[]))`;

/** The stored results of these keys, by `offlineResultKey` (one statement). */
export async function findOfflineResults(
  db: Db,
  instituteId: number,
  keys: readonly OfflineResultKey[],
): Promise<Map<string, OfflineResultValues>> {
  const found = new Map<string, OfflineResultValues>();
  if (keys.length === 0) return found;
  const rows = await executeRows<{
    exam_id: number;
    student_id: number;
    subject_name: string;
    attendance: string;
    marks_obtained: string | number | null;
    rank: number | null;
  }>(
    db,
    sql`select m.exam_id, m.student_id, m.subject_name, m.attendance, m.marks_obtained, m.rank
      from report_offline_marks m
      where m.institute_id = ${instituteId} and ${keyIn(keys)}`,
  );
  for (const row of rows) {
    found.set(offlineResultKey(row.exam_id, row.student_id, row.subject_name), {
      examId: row.exam_id,
      studentId: row.student_id,
      subjectName: row.subject_name,
      attendance: row.attendance,
      marksObtained: row.marks_obtained === null ? null : Number(row.marks_obtained),
      rank: row.rank,
    });
  }
  return found;
}

const resultColumns = (instituteId: number, result: OfflineResultValues) => ({
  instituteId,
  examId: result.examId,
  studentId: result.studentId,
  subjectName: result.subjectName,
  attendance: result.attendance,
  marksObtained: result.marksObtained,
  rank: result.rank,
});

/** Records results (one statement). */
export async function recordOfflineResults(
  db: Db,
  instituteId: number,
  results: readonly OfflineResultValues[],
): Promise<void> {
  await insertRows(
    db,
    reportOfflineMarks,
    results.map((result) => resultColumns(instituteId, result)),
  );
}

/** Changes results, each found by its exam, student and subject (one statement). */
export async function updateOfflineResults(
  db: Db,
  instituteId: number,
  results: readonly OfflineResultValues[],
): Promise<void> {
  await updateRows(
    db,
    reportOfflineMarks,
    ['instituteId', 'examId', 'studentId', 'subjectName'],
    results.map((result) => resultColumns(instituteId, result)),
  );
}

/** Deletes results for good (one statement). */
export async function deleteOfflineResults(
  db: Db,
  instituteId: number,
  keys: readonly OfflineResultKey[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`delete from report_offline_marks m where m.institute_id = ${instituteId} and ${keyIn(keys)}`);
}
