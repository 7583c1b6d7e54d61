import { and, asc, count, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  academicYears,
  attemptCounters,
  batches,
  enrolments,
  institutes,
  instituteHosts,
  sessions,
  smsOutbox,
  ssoTokens,
  studentParents,
  students,
  temporaryPasswords,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type InstituteRow = typeof institutes.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findInstitute(db: Db, instituteId: number): Promise<InstituteRow | undefined> {
  const [row] = await db.select().from(institutes).where(eq(institutes.id, instituteId));
  return row;
}

export async function findFirstHost(db: Db, instituteId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ host: instituteHosts.host })
    .from(instituteHosts)
    .where(eq(instituteHosts.instituteId, instituteId))
    .orderBy(asc(instituteHosts.host))
    .limit(1);
  return row?.host;
}

/** Accounts of an institute that sign in with this phone number or email address. */
export function findUsersByLogin(db: Db, instituteId: number, login: string): Promise<UserRow[]> {
  const byLogin = /^\d+$/.test(login) ? eq(users.phone, login) : eq(sql`lower(${users.email})`, login.toLowerCase());
  return db
    .select()
    .from(users)
    .where(and(eq(users.instituteId, instituteId), byLogin))
    .orderBy(asc(users.id));
}

export async function findUser(db: Db, instituteId: number, userId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.instituteId, instituteId), eq(users.id, userId)));
  return row;
}

/** The student profile of a user, if it has one. */
export async function findStudentOfUser(db: Db, instituteId: number, userId: number) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.instituteId, instituteId), eq(students.userId, userId)));
  return row;
}

/** The children a parent account may view, with their user rows. */
export function findChildren(db: Db, instituteId: number, parentUserId: number) {
  return db
    .select({ student: students, user: users })
    .from(studentParents)
    .innerJoin(
      students,
      and(eq(students.instituteId, studentParents.instituteId), eq(students.id, studentParents.studentId)),
    )
    .innerJoin(users, and(eq(users.instituteId, students.instituteId), eq(users.id, students.userId)))
    .where(and(eq(studentParents.instituteId, instituteId), eq(studentParents.parentUserId, parentUserId)))
    .orderBy(asc(students.id));
}

/** The academic years a student is enrolled in, oldest first. */
export function findStudentYears(db: Db, instituteId: number, studentId: number) {
  return db
    .selectDistinct({ id: academicYears.id, name: academicYears.name, startDate: academicYears.startDate })
    .from(enrolments)
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, enrolments.instituteId), eq(academicYears.id, enrolments.academicYearId)),
    )
    .where(and(eq(enrolments.instituteId, instituteId), eq(enrolments.studentId, studentId)))
    .orderBy(asc(academicYears.startDate));
}

const instituteYearsQuery = prepared((db) =>
  db
    .select({
      id: academicYears.id,
      name: academicYears.name,
      startDate: academicYears.startDate,
      endDate: academicYears.endDate,
    })
    .from(academicYears)
    .where(eq(academicYears.instituteId, sql.placeholder('instituteId')))
    .orderBy(asc(academicYears.startDate))
    .prepare('auth_institute_years'),
);

export const findInstituteYears = (db: Db, instituteId: number) => instituteYearsQuery(db, { instituteId });

/** The institute's academic year holding `today`, if any. */
export async function findCurrentYear(db: Db, instituteId: number, today: string) {
  const [row] = await db
    .select()
    .from(academicYears)
    .where(
      and(
        eq(academicYears.instituteId, instituteId),
        lte(academicYears.startDate, today),
        gte(academicYears.endDate, today),
      ),
    )
    .limit(1);
  return row;
}

/** The batch (section) of a student in a year, for labels. */
export async function findBatchName(db: Db, instituteId: number, studentId: number, academicYearId: number) {
  const [row] = await db
    .select({ name: batches.name })
    .from(enrolments)
    .innerJoin(batches, and(eq(batches.instituteId, enrolments.instituteId), eq(batches.id, enrolments.batchId)))
    .where(
      and(
        eq(enrolments.instituteId, instituteId),
        eq(enrolments.studentId, studentId),
        eq(enrolments.academicYearId, academicYearId),
      ),
    );
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

/** Live main sessions of an account on devices other than `deviceId`. */
export async function countSessionsElsewhere(
  db: Db,
  instituteId: number,
  accountUserId: number,
  deviceId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.instituteId, instituteId),
        eq(sessions.accountUserId, accountUserId),
        eq(sessions.scope, 'main'),
        ne(sessions.deviceId, deviceId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return row?.total ?? 0;
}

/** Revokes an account's live sessions: all of them, only one device's or one login's, or all but one login's. */
export async function revokeSessions(
  db: Db,
  instituteId: number,
  accountUserId: number,
  now: Date,
  filter: { deviceId?: string; loginId?: string; exceptLoginId?: string } = {},
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.instituteId, instituteId),
        eq(sessions.accountUserId, accountUserId),
        isNull(sessions.revokedAt),
        filter.deviceId === undefined ? undefined : eq(sessions.deviceId, filter.deviceId),
        filter.loginId === undefined ? undefined : eq(sessions.loginId, filter.loginId),
        filter.exceptLoginId === undefined ? undefined : ne(sessions.loginId, filter.exceptLoginId),
      ),
    );
}

export async function insertSessions(db: Db, rows: (typeof sessions.$inferInsert)[]): Promise<void> {
  await db.insert(sessions).values(rows);
}

export async function clearMustChangePassword(db: Db, instituteId: number, loginId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ mustChangePassword: false })
    .where(and(eq(sessions.instituteId, instituteId), eq(sessions.loginId, loginId)));
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

export async function findTemporaryPassword(db: Db, instituteId: number, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(temporaryPasswords)
    .where(
      and(
        eq(temporaryPasswords.instituteId, instituteId),
        eq(temporaryPasswords.userId, userId),
        gt(temporaryPasswords.expiresAt, now),
      ),
    );
  return row;
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

/** Marks a message sent and clears its body, which may hold a temporary password. */
export async function markSmsSent(db: Db, instituteId: number, id: number, at: Date): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ sentAt: at, body: '' })
    .where(and(eq(smsOutbox.instituteId, instituteId), eq(smsOutbox.id, id)));
}

export async function insertSsoToken(db: Db, row: typeof ssoTokens.$inferInsert): Promise<void> {
  await db.insert(ssoTokens).values(row);
}

/** Uses up an SSO token of `kind` if it is unused and unexpired; answers its row, or undefined. */
export async function consumeSsoToken(db: Db, kind: 'link' | 'key', tokenHash: string, now: Date) {
  const [row] = await db
    .update(ssoTokens)
    .set({ usedAt: now })
    .where(
      and(
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
