import { and, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { enrolments, institutes } from './schema/index.ts';

/** The batches (sections) a student is in during one academic year: what decides what is addressed to them. */
export async function findStudentBatchIds(db: Db, instituteId: number, studentId: number, academicYearId: number) {
  const rows = await db
    .select({ batchId: enrolments.batchId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.instituteId, instituteId),
        eq(enrolments.studentId, studentId),
        eq(enrolments.academicYearId, academicYearId),
      ),
    );
  return rows.map((row) => row.batchId);
}

/** The institute's time zone, in which its dates are counted. */
export async function findInstituteTimeZone(db: Db, instituteId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: institutes.timeZone })
    .from(institutes)
    .where(eq(institutes.id, instituteId));
  return row?.timeZone ?? 'Asia/Kolkata';
}
