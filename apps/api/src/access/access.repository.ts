import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import { academicYears, enrolments } from '../db/schema/index.ts';

// The lookups of the access core (the student scope, the institute's years), prepared once, keyed by the institute
// first. An area's own ids are looked up in its repository, through its index.ts.

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
