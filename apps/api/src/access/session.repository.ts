import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { p, prepared, sqlRows } from '../db/prepared.ts';
import { instituteApiKeys, sessions } from '../db/schema/auth.ts';
import { examAttempts, examSupersededCredentials } from '../db/schema/exam.ts';
import type { AttemptAuth } from '../types.d.ts';

/** The columns of a session a request needs. */
export interface SessionLookup {
  instituteId: number;
  loginId: string;
  scope: 'main' | 'examdesk' | 'scorecard';
  accountUserId: number;
  userId: number;
  studentId: number | null;
  userType: number;
  deviceId: string;
  academicYearIds: number[];
  mustChangePassword: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  /** The signed-in account (the parent, for a parent login) is blocked: its open sessions end too. */
  accountBlocked: boolean;
}

// Runs on every signed-in request: one named statement, written out so no query is built per call. The account's
// blocked flag comes in the same statement (a join on the users primary key), so blocking ends open sessions at no
// extra round trip.
const sessionSql = `select s.institute_id as "instituteId", s.login_id as "loginId", s.scope,
  s.account_user_id as "accountUserId", s.user_id as "userId", s.student_id as "studentId",
  s.user_type as "userType", s.device_id as "deviceId", s.academic_year_ids as "academicYearIds",
  s.must_change_password as "mustChangePassword", s.expires_at as "expiresAt", s.revoked_at as "revokedAt",
  u.is_blocked as "accountBlocked"
  from sessions s join users u on u.institute_id = s.institute_id and u.id = s.account_user_id
  where s.institute_id = $1 and s.token_hash = $2`;

/**
 * The session of the institute whose token hashes to `tokenHash`, if any: a token of another institute names nothing
 * here (the key is (institute_id, token_hash), issue 30).
 */
export async function findSessionByTokenHash(
  db: Db,
  instituteId: number,
  tokenHash: string,
): Promise<SessionLookup | undefined> {
  const [row] = await sqlRows<SessionLookup>(db, 'access_session', sessionSql, [instituteId, tokenHash]);
  return row;
}

const attemptQuery = prepared((db) =>
  db
    .select({
      instituteId: examAttempts.instituteId,
      attemptId: examAttempts.id,
      testId: examAttempts.testId,
      studentId: examAttempts.studentId,
      userId: examAttempts.userId,
      attemptNo: examAttempts.attemptNo,
      startedAt: examAttempts.startedAt,
      endsAt: examAttempts.endsAt,
      submittedAt: examAttempts.submittedAt,
      result: examAttempts.result,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.instituteId, p('instituteId')), eq(examAttempts.credentialHash, p('hash'))))
    .prepare('access_attempt'),
);

/**
 * The test attempt of the institute whose panel credential hashes to `credentialHash` (the exam area's `attempt`
 * rule), with its state, so a panel request needs no second read of it. Another institute's credential names nothing.
 */
export async function findAttemptByCredentialHash(
  db: Db,
  instituteId: number,
  credentialHash: string,
): Promise<AttemptAuth | undefined> {
  const [row] = await attemptQuery(db, { instituteId, hash: credentialHash });
  return row;
}

const supersededQuery = prepared((db) =>
  db
    .select({ attemptId: examSupersededCredentials.attemptId })
    .from(examSupersededCredentials)
    .where(
      and(
        eq(examSupersededCredentials.instituteId, p('instituteId')),
        eq(examSupersededCredentials.credentialHash, p('hash')),
      ),
    )
    .prepare('access_superseded_attempt'),
);

/** Whether `credentialHash` was an attempt credential of the institute before a Resume replaced it. */
export async function isSupersededAttemptCredential(db: Db, instituteId: number, credentialHash: string) {
  const [row] = await supersededQuery(db, { instituteId, hash: credentialHash });
  return row !== undefined;
}

const apiKeyQuery = prepared((db) =>
  db
    .select({ instituteId: instituteApiKeys.instituteId })
    .from(instituteApiKeys)
    .where(eq(instituteApiKeys.keyHash, p('keyHash')))
    .prepare('access_api_key'),
);

/** The institute whose system holds the API key hashing to `keyHash`. */
export async function findInstituteIdByApiKey(db: Db, keyHash: string): Promise<number | undefined> {
  const [row] = await apiKeyQuery(db, { keyHash });
  return row?.instituteId;
}

// The writes of sign-in, sign-out and password change live here too, so one module owns every session statement
// and no area needs the auth feature to end or count sessions.

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

/** Writes new sessions (one per profile of a sign-in). */
export async function insertSessions(db: Db, rows: (typeof sessions.$inferInsert)[]): Promise<void> {
  await db.insert(sessions).values(rows);
}

/** Lifts the must-change-password mark from every session of one login. */
export async function clearMustChangePassword(db: Db, instituteId: number, loginId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ mustChangePassword: false })
    .where(and(eq(sessions.instituteId, instituteId), eq(sessions.loginId, loginId)));
}
