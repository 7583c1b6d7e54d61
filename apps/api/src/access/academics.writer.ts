// The academic frame's writer (issue 29): academic years, standards (courses), batches (sections), subjects and
// students' enrolments in batches — what every area hangs on and the student scope of every request reads. For the
// admin API, the demo seed and the test factories, in the caller's transaction.
import { and, eq } from 'drizzle-orm';
import { anyOf, insertRows, updateRows } from '../db/bulk.ts';
import type { Db } from '../db/client.ts';
import { instituteRows, pairRows } from '../db/institute-rows.ts';
import { academicYears, batches, standards, subjects } from '../db/schema/academics.ts';
import { enrolments } from '../db/schema/users.ts';

/** Academic years: a name and the first and last day (ISO dates). */
export const academicYearRows = instituteRows(academicYears);

/** A school's standards (classes) or a coaching institute's master courses. */
export const standardRows = instituteRows(standards);

/** Sections (school) or batches (coaching): one standard in one academic year. */
export const batchRows = instituteRows(batches);

/** A standard's subjects. */
export const subjectRows = instituteRows(subjects);

/** The academic year of each of these batches. */
export async function findBatchYears(
  db: Db,
  instituteId: number,
  batchIds: readonly number[],
): Promise<Map<number, number>> {
  const found = await batchRows.find(db, instituteId, [...new Set(batchIds)]);
  return new Map([...found].map(([id, batch]) => [id, batch.academicYearId]));
}

/** A student in a batch, with their roll number there (0: none). */
export interface EnrolmentValues {
  studentId: number;
  batchId: number;
  rollNo?: number;
}

export type StoredEnrolment = typeof enrolments.$inferSelect;

const enrolmentRows = pairRows(enrolments, [enrolments.studentId, enrolments.batchId]);

/** The enrolments of these (student, batch) pairs, as stored. */
export const findEnrolments: (
  db: Db,
  instituteId: number,
  pairs: readonly (readonly [number, number])[],
) => Promise<StoredEnrolment[]> = enrolmentRows.find;

/**
 * Enrols students in batches (one statement). An enrolment is in its batch's academic year: looked up here, so no
 * caller can give another.
 */
export async function enrolStudents(db: Db, instituteId: number, values: readonly EnrolmentValues[]): Promise<void> {
  if (values.length === 0) return;
  const years = await findBatchYears(
    db,
    instituteId,
    values.map((value) => value.batchId),
  );
  await insertRows(
    db,
    enrolments,
    values.map(({ studentId, batchId, rollNo }) => ({
      instituteId,
      studentId,
      batchId,
      academicYearId: years.get(batchId)!,
      rollNo: rollNo ?? 0,
    })),
  );
}

/** Changes roll numbers, each enrolment found by its student and batch (one statement). */
export async function updateEnrolments(
  db: Db,
  instituteId: number,
  values: readonly Required<EnrolmentValues>[],
): Promise<void> {
  await updateRows(
    db,
    enrolments,
    ['instituteId', 'studentId', 'batchId'],
    values.map(({ studentId, batchId, rollNo }) => ({ instituteId, studentId, batchId, rollNo })),
  );
}

/** Takes students out of batches. */
export const deleteEnrolments = enrolmentRows.remove;

/** Which of these students sit in which of these batches, as `${studentId}|${batchId}` (one statement). */
export async function findEnrolledPairs(
  db: Db,
  instituteId: number,
  studentIds: readonly number[],
  batchIds: readonly number[],
): Promise<Set<string>> {
  const enrolled = new Set<string>();
  if (studentIds.length === 0 || batchIds.length === 0) return enrolled;
  const rows = await db
    .select({ studentId: enrolments.studentId, batchId: enrolments.batchId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.instituteId, instituteId),
        anyOf(enrolments.studentId, studentIds),
        anyOf(enrolments.batchId, batchIds),
      ),
    );
  for (const row of rows) enrolled.add(`${row.studentId}|${row.batchId}`);
  return enrolled;
}
