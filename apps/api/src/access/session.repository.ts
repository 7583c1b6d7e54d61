import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/prepared.ts';

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
}

// Runs on every signed-in request: one named statement, written out so no query is built per call.
const sessionSql = `select institute_id as "instituteId", login_id as "loginId", scope,
  account_user_id as "accountUserId", user_id as "userId", student_id as "studentId", user_type as "userType",
  device_id as "deviceId", academic_year_ids as "academicYearIds", must_change_password as "mustChangePassword",
  expires_at as "expiresAt", revoked_at as "revokedAt"
  from sessions where token_hash = $1`;

/** The session whose token hashes to `tokenHash`, if any. */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionLookup | undefined> {
  const [row] = await sqlRows<SessionLookup>(db, 'access_session', sessionSql, [tokenHash]);
  return row;
}
