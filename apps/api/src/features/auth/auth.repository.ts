import { and, asc, count, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  academicYears,
  batches,
  enrolments,
  institutes,
  instituteHosts,
  loginFailures,
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

export async function countRecentFailures(db: Db, instituteId: number, login: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.instituteId, instituteId),
        eq(loginFailures.login, login),
        gt(loginFailures.failedAt, since),
      ),
    );
  return row?.total ?? 0;
}

export async function recordFailure(db: Db, instituteId: number, login: string, at: Date): Promise<void> {
  await db.insert(loginFailures).values({ instituteId, login, failedAt: at });
}

export async function clearFailures(db: Db, instituteId: number, login: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.instituteId, instituteId), eq(loginFailures.login, login)));
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

/** Revokes an account's live sessions: all of them, only one device's, or all but one login's. */
export async function revokeSessions(
  db: Db,
  instituteId: number,
  accountUserId: number,
  now: Date,
  filter: { deviceId?: string; exceptLoginId?: string } = {},
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
      set: { passwordHash: row.passwordHash, expiresAt: row.expiresAt },
    });
}

export async function countSmsSince(db: Db, instituteId: number, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.instituteId, instituteId), eq(smsOutbox.phone, phone), gt(smsOutbox.createdAt, since)));
  return row?.total ?? 0;
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
