import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared } from '../db/prepared.ts';
import { academicYears } from '../db/schema/academics.ts';
import { institutes } from '../db/schema/institutes.ts';
import { enrolments } from '../db/schema/users.ts';

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

const settingsQuery = prepared((db) =>
  db
    .select({
      timeZone: institutes.timeZone,
      currencyCode: institutes.currencyCode,
      isMarketingAndBanner: institutes.isMarketingAndBanner,
      isProfileUpdateAllowed: institutes.isProfileUpdateAllowed,
      isSchool: institutes.isSchool,
      isFeeReceiptEnabled: institutes.isFeeReceiptEnabled,
      classesMode: institutes.classesMode,
      examMode: institutes.examMode,
      isVimeoDownloadable: institutes.isVimeoDownloadable,
    })
    .from(institutes)
    .where(eq(institutes.id, p('instituteId')))
    .prepare('institute_settings'),
);

/** The settings a request reads on its way (access/institute-settings.ts keeps them a minute), if the row exists. */
export async function findInstituteSettings(db: Db, instituteId: number) {
  const [row] = await settingsQuery(db, { instituteId });
  return row;
}
