import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { prepared, sqlRows } from '../db/prepared.ts';
import { instituteApiKeys, instituteHosts } from '../db/schema/index.ts';

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

const hostQuery = prepared((db) =>
  db
    .select({ instituteId: instituteHosts.instituteId })
    .from(instituteHosts)
    .where(eq(instituteHosts.host, sql.placeholder('host')))
    .prepare('access_host'),
);

/** The institute that answers at `host`. */
export async function findInstituteIdByHost(db: Db, host: string): Promise<number | undefined> {
  const [row] = await hostQuery(db, { host });
  return row?.instituteId;
}

const apiKeyQuery = prepared((db) =>
  db
    .select({ instituteId: instituteApiKeys.instituteId })
    .from(instituteApiKeys)
    .where(eq(instituteApiKeys.keyHash, sql.placeholder('keyHash')))
    .prepare('access_api_key'),
);

/** The institute whose system holds the API key hashing to `keyHash`. */
export async function findInstituteIdByApiKey(db: Db, keyHash: string): Promise<number | undefined> {
  const [row] = await apiKeyQuery(db, { keyHash });
  return row?.instituteId;
}
