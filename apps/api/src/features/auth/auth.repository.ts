import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { academicYears, batches } from '../../db/schema/academics.ts';
import { attemptCounters, smsOutbox, ssoTokens, temporaryPasswords } from '../../db/schema/auth.ts';
import { institutes, instituteHosts } from '../../db/schema/institutes.ts';
import { enrolments, studentParents, students, users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type InstituteRow = typeof institutes.$inferSelect;

// Sign-in reads, each built once and run as a named prepared statement.
const instituteQuery = prepared((db) =>
  db
    .select()
    .from(institutes)
    .where(eq(institutes.id, p('instituteId')))
    .prepare('auth_institute'),
);

export async function findInstitute(db: Db, instituteId: number): Promise<InstituteRow | undefined> {
  const [row] = await instituteQuery(db, { instituteId });
  return row;
}

const firstHostQuery = prepared((db) =>
  db
    .select({ host: instituteHosts.host })
    .from(instituteHosts)
    .where(eq(instituteHosts.instituteId, p('instituteId')))
    .orderBy(asc(instituteHosts.host))
    .limit(1)
    .prepare('auth_first_host'),
);

export async function findFirstHost(db: Db, instituteId: number): Promise<string | undefined> {
  const [row] = await firstHostQuery(db, { instituteId });
  return row?.host;
}

const usersByPhoneQuery = prepared((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.instituteId, p('instituteId')), eq(users.phone, p('login'))))
    .orderBy(asc(users.id))
    .prepare('auth_users_by_phone'),
);
const usersByEmailQuery = prepared((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.instituteId, p('instituteId')), eq(sql`lower(${users.email})`, p('login'))))
    .orderBy(asc(users.id))
    .prepare('auth_users_by_email'),
);

/** Accounts of an institute that sign in with this phone number or email address. */
export function findUsersByLogin(db: Db, instituteId: number, login: string): Promise<UserRow[]> {
  return /^\d+$/.test(login)
    ? usersByPhoneQuery(db, { instituteId, login })
    : usersByEmailQuery(db, { instituteId, login: login.toLowerCase() });
}

const userQuery = prepared((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.instituteId, p('instituteId')), eq(users.id, p('userId'))))
    .prepare('auth_user'),
);

export async function findUser(db: Db, instituteId: number, userId: number): Promise<UserRow | undefined> {
  const [row] = await userQuery(db, { instituteId, userId });
  return row;
}

const studentOfUserQuery = prepared((db) =>
  db
    .select()
    .from(students)
    .where(and(eq(students.instituteId, p('instituteId')), eq(students.userId, p('userId'))))
    .prepare('auth_student_of_user'),
);

/** The student profile of a user, if it has one. */
export async function findStudentOfUser(db: Db, instituteId: number, userId: number) {
  const [row] = await studentOfUserQuery(db, { instituteId, userId });
  return row;
}

const childrenQuery = prepared((db) =>
  db
    .select({ student: students, user: users })
    .from(studentParents)
    .innerJoin(
      students,
      and(eq(students.instituteId, studentParents.instituteId), eq(students.id, studentParents.studentId)),
    )
    .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
    .where(and(eq(studentParents.instituteId, p('instituteId')), eq(studentParents.parentUserId, p('parentUserId'))))
    .orderBy(asc(students.id))
    .prepare('auth_children'),
);

/** The children a parent account may view, with their user rows. */
export const findChildren = (db: Db, instituteId: number, parentUserId: number) =>
  childrenQuery(db, { instituteId, parentUserId });

/** The names of the children of some parent accounts, in one query (Forgot Password For names them). */
export function findChildNames(db: Db, instituteId: number, parentUserIds: number[]) {
  if (parentUserIds.length === 0) return Promise.resolve([]);
  return db
    .select({ parentUserId: studentParents.parentUserId, name: users.name })
    .from(studentParents)
    .innerJoin(
      students,
      and(eq(students.instituteId, studentParents.instituteId), eq(students.id, studentParents.studentId)),
    )
    .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
    .where(and(eq(studentParents.instituteId, instituteId), inArray(studentParents.parentUserId, parentUserIds)))
    .orderBy(asc(students.id));
}

const studentYearsQuery = prepared((db) =>
  db
    .selectDistinct({ id: academicYears.id, name: academicYears.name, startDate: academicYears.startDate })
    .from(enrolments)
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, enrolments.instituteId), eq(academicYears.id, enrolments.academicYearId)),
    )
    .where(and(eq(enrolments.instituteId, p('instituteId')), eq(enrolments.studentId, p('studentId'))))
    // Newest first: the session's student_acad_year, whose first entry spec part 2 §2.7 reads as the student's
    // own year (Fees opens on it), is read newest first (issue 27).
    .orderBy(desc(academicYears.startDate))
    .prepare('auth_student_years'),
);

/** The academic years a student is enrolled in, newest first. */
export const findStudentYears = (db: Db, instituteId: number, studentId: number) =>
  studentYearsQuery(db, { instituteId, studentId });

const instituteYearsQuery = prepared((db) =>
  db
    .select({
      id: academicYears.id,
      name: academicYears.name,
      startDate: academicYears.startDate,
      endDate: academicYears.endDate,
    })
    .from(academicYears)
    .where(eq(academicYears.instituteId, p('instituteId')))
    .orderBy(asc(academicYears.startDate))
    .prepare('auth_institute_years'),
);

export const findInstituteYears = (db: Db, instituteId: number) => instituteYearsQuery(db, { instituteId });

const currentYearQuery = prepared((db) =>
  db
    .select()
    .from(academicYears)
    .where(
      and(
        eq(academicYears.instituteId, p('instituteId')),
        lte(academicYears.startDate, p('today')),
        gte(academicYears.endDate, p('today')),
      ),
    )
    .limit(1)
    .prepare('auth_current_year'),
);

/** The institute's academic year holding `today`, if any. */
export async function findCurrentYear(db: Db, instituteId: number, today: string) {
  const [row] = await currentYearQuery(db, { instituteId, today });
  return row;
}

const batchNameQuery = prepared((db) =>
  db
    .select({ name: batches.name })
    .from(enrolments)
    .innerJoin(batches, and(eq(batches.instituteId, enrolments.instituteId), eq(batches.id, enrolments.batchId)))
    .where(
      and(
        eq(enrolments.instituteId, p('instituteId')),
        eq(enrolments.studentId, p('studentId')),
        eq(enrolments.academicYearId, p('academicYearId')),
      ),
    )
    .prepare('auth_batch_name'),
);

/** The batch (section) of a student in a year, for labels. */
export async function findBatchName(db: Db, instituteId: number, studentId: number, academicYearId: number) {
  const [row] = await batchNameQuery(db, { instituteId, studentId, academicYearId });
  return row?.name;
}

/** A limit on attempts: at most `max` in a window of `windowMs`, counted in the bucket `bucket`. */
export interface AttemptLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Reserves one attempt against `limit` for `key`, in one atomic statement (an upsert that increments and
 * answers the count), so that however many requests race, exactly `max` of them see a count within the limit.
 * A window older than `windowMs` starts again at 1; the attempt that reaches `max` restarts the window, so a
 * lock lasts a whole window after the last allowed attempt. Answers the count, this attempt included.
 */
export async function reserveAttemptCount(
  db: Db,
  instituteId: number,
  limit: AttemptLimit,
  key: string,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const expired = sql`${attemptCounters.windowStartedAt} <= ${since}::timestamptz`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ instituteId, bucket: limit.bucket, key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: [attemptCounters.instituteId, attemptCounters.bucket, attemptCounters.key],
      set: {
        attempts: sql`case when ${expired} then 1 else ${attemptCounters.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} or ${attemptCounters.attempts} + 1 = ${limit.max}
          then ${at}::timestamptz else ${attemptCounters.windowStartedAt} end`,
      },
    })
    .returning({ attempts: attemptCounters.attempts });
  return row!.attempts;
}

/** Reserves one attempt (see reserveAttemptCount); answers true when it is within the limit. */
export async function reserveAttempt(
  db: Db,
  instituteId: number,
  limit: AttemptLimit,
  key: string,
  now: Date,
): Promise<boolean> {
  return (await reserveAttemptCount(db, instituteId, limit, key, now)) <= limit.max;
}

/** Gives back one reserved attempt (the guarded work succeeded, so it was no failure). */
export async function releaseAttempt(db: Db, instituteId: number, bucket: string, key: string): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ attempts: sql`greatest(${attemptCounters.attempts} - 1, 0)` })
    .where(
      and(
        eq(attemptCounters.instituteId, instituteId),
        eq(attemptCounters.bucket, bucket),
        eq(attemptCounters.key, key),
      ),
    );
}

/** Forgets every attempt counted for `key` (a successful sign-in clears its failures). */
export async function clearAttempts(db: Db, instituteId: number, bucket: string, key: string): Promise<void> {
  await db
    .delete(attemptCounters)
    .where(
      and(
        eq(attemptCounters.instituteId, instituteId),
        eq(attemptCounters.bucket, bucket),
        eq(attemptCounters.key, key),
      ),
    );
}

export async function updatePasswordHash(db: Db, instituteId: number, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.instituteId, instituteId), eq(users.id, userId)));
  await db
    .delete(temporaryPasswords)
    .where(and(eq(temporaryPasswords.instituteId, instituteId), eq(temporaryPasswords.userId, userId)));
}

export async function saveTemporaryPassword(db: Db, row: typeof temporaryPasswords.$inferInsert): Promise<void> {
  await db
    .insert(temporaryPasswords)
    .values(row)
    .onConflictDoUpdate({
      target: [temporaryPasswords.instituteId, temporaryPasswords.userId],
      set: { passwordHash: row.passwordHash, expiresAt: row.expiresAt, usedAt: null },
    });
}

export async function queueSms(db: Db, row: typeof smsOutbox.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(smsOutbox).values(row).returning({ id: smsOutbox.id });
  return inserted!.id;
}

export async function insertSsoToken(db: Db, row: typeof ssoTokens.$inferInsert): Promise<void> {
  await db.insert(ssoTokens).values(row);
}

/** Uses up an SSO token of `kind` of the institute if it is unused and unexpired; answers its row, or undefined. */
export async function consumeSsoToken(db: Db, instituteId: number, kind: 'link' | 'key', tokenHash: string, now: Date) {
  const [row] = await db
    .update(ssoTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoTokens.instituteId, instituteId),
        eq(ssoTokens.tokenHash, tokenHash),
        eq(ssoTokens.kind, kind),
        isNull(ssoTokens.usedAt),
        gt(ssoTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** An unused, unexpired login key of one of `userIds`, without using it up. */
export async function findLoginKey(db: Db, instituteId: number, userIds: number[], tokenHash: string, now: Date) {
  if (userIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(ssoTokens)
    .where(
      and(
        eq(ssoTokens.instituteId, instituteId),
        eq(ssoTokens.tokenHash, tokenHash),
        eq(ssoTokens.kind, 'key'),
        inArray(ssoTokens.userId, userIds),
        isNull(ssoTokens.usedAt),
        gt(ssoTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Whether `studentId` is a child of the parent account `parentUserId` (the `child` policy). */
export async function isChildOf(db: Db, instituteId: number, parentUserId: number, studentId: number) {
  const [row] = await db
    .select({ studentId: studentParents.studentId })
    .from(studentParents)
    .where(
      and(
        eq(studentParents.instituteId, instituteId),
        eq(studentParents.parentUserId, parentUserId),
        eq(studentParents.studentId, studentId),
      ),
    );
  return row !== undefined;
}
