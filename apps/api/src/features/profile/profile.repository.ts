import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { batches, standards } from '../../db/schema/academics.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { enrolments, students, users } from '../../db/schema/users.ts';

const profileQuery = prepared((db) =>
  db
    .select({
      student: students,
      user: users,
      isSchool: institutes.isSchool,
      canEdit: institutes.isProfileUpdateAllowed,
    })
    .from(students)
    .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
    .innerJoin(institutes, eq(institutes.id, students.instituteId))
    .where(and(eq(students.instituteId, p('instituteId')), eq(students.id, p('studentId'))))
    .prepare('profile_student'),
);

const placesQuery = prepared((db) =>
  db
    .select({ standard: standards.name, batch: batches.name, rollNo: enrolments.rollNo })
    .from(enrolments)
    .innerJoin(batches, and(eq(batches.instituteId, enrolments.instituteId), eq(batches.id, enrolments.batchId)))
    .innerJoin(standards, and(eq(standards.instituteId, batches.instituteId), eq(standards.id, batches.standardId)))
    .where(
      and(
        eq(enrolments.instituteId, p('instituteId')),
        eq(enrolments.studentId, p('studentId')),
        eq(enrolments.academicYearId, p('academicYearId')),
      ),
    )
    .orderBy(asc(batches.id))
    .prepare('profile_places'),
);

/** A student's profile with the account, the institute's flags and the standard/batch of one year. */
export async function findProfile(db: Db, instituteId: number, studentId: number, academicYearId: number) {
  // Both at once: independent lookups, no waterfall.
  const [[row], places] = await Promise.all([
    profileQuery(db, { instituteId, studentId }),
    placesQuery(db, { instituteId, studentId, academicYearId }),
  ]);
  return row ? { ...row, places } : undefined;
}

type ProfileChange = Partial<
  Pick<typeof students.$inferInsert, 'address' | 'birthPlace' | 'bloodGroup' | 'dob' | 'photoFileKey'>
>;

/** Writes one profile change; answers the photo key it replaced (to delete after the commit). */
export async function updateProfile(db: Db, instituteId: number, userId: number, change: ProfileChange) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photoFileKey: students.photoFileKey })
      .from(students)
      .where(and(eq(students.instituteId, instituteId), eq(students.userId, userId)))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(students)
      .set(change)
      .where(and(eq(students.instituteId, instituteId), eq(students.userId, userId)));
    return { replacedPhotoKey: change.photoFileKey !== undefined ? before.photoFileKey : null };
  });
}
