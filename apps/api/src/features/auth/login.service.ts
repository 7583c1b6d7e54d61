import {
  isParentUserType,
  loginOptions,
  type LoginAnswer,
  type LoginBody,
  type RoleEntry,
  type Session,
} from '@campus/domain/auth/auth.contract';
import { loginMessages, normaliseLogin } from '@campus/domain/auth/login-rules';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { passwords } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  clearAttempts,
  consumeSsoToken,
  findChildren,
  findInstitute,
  findLoginKey,
  findStudentOfUser,
  findStudentYears,
  findUser,
  findUsersByLogin,
  releaseAttempt,
  reserveAttempt,
  type AttemptLimit,
  type UserRow,
} from './auth.repository.ts';
import { countSessionsElsewhere, revokeSessions } from '../../access/session.repository.ts';
import { startSession, type Profile } from './session-builder.ts';
import { findTemporaryPassword, forgetOutboxSecrets, useTemporaryPassword } from './temporary-password.repository.ts';

/** Failed attempts per login and address within the window that lock that pair. */
export const lockoutAttempts = 5;
/**
 * Failed attempts per login from all addresses together within the window that lock the login everywhere: a
 * ceiling for an attacker with many addresses, high enough that one attacker address cannot lock the owner out.
 */
export const accountLockoutAttempts = 20;
export const lockoutWindowMs = 15 * 60 * 1000;
export const lockoutMessage = 'Too many failed login attempts. Please try again after 15 minutes.';

const pairLimit: AttemptLimit = { bucket: 'login_pair', max: lockoutAttempts, windowMs: lockoutWindowMs };
const accountLimit: AttemptLimit = { bucket: 'login_account', max: accountLockoutAttempts, windowMs: lockoutWindowMs };

type Match = { user: UserRow; via: 'password' | 'temporary' | 'key'; keyHash?: string };

/**
 * The accounts among `candidates` that this password opens: own password or a live, unused temporary one. Every
 * password check runs only after `logIn` has reserved a failure slot for it. An unknown login still costs one
 * argon2 verification, so timing does not tell existing accounts from unknown ones.
 */
async function matchPassword(db: Db, instituteId: number, candidates: UserRow[], secret: string, now: Date) {
  const matches: Match[] = [];
  if (candidates.length === 0) await passwords.verifyDummyPassword(secret);
  for (const user of candidates) {
    if (await passwords.verifyPassword(user.passwordHash, secret)) matches.push({ user, via: 'password' });
    else {
      const temporary = await findTemporaryPassword(db, instituteId, user.id, now, { unusedOnly: true });
      if (temporary && (await passwords.verifyPassword(temporary.passwordHash, secret)))
        matches.push({ user, via: 'temporary' });
    }
  }
  return matches;
}

/**
 * Reserves the attempt against the per-login-and-address lock and the per-login ceiling (atomically, before
 * any password check), or refuses with 429. Answers how to give the reservation back on success.
 */
async function reserveLoginAttempt(db: Db, instituteId: number, login: string, address: string, now: Date) {
  const pairKey = `${login}|${address}`;
  const locked = () => new AppError(429, 'TOO_MANY_REQUESTS', lockoutMessage);
  if (!(await reserveAttempt(db, instituteId, pairLimit, pairKey, now))) throw locked();
  if (!(await reserveAttempt(db, instituteId, accountLimit, login, now))) throw locked();
  return async () => {
    await clearAttempts(db, instituteId, pairLimit.bucket, pairKey);
    await releaseAttempt(db, instituteId, accountLimit.bucket, login);
  };
}

/** Every way the matched accounts can sign in: students as themselves, parents once per child. */
async function listProfiles(db: Db, instituteId: number, matches: Match[]) {
  const profiles: (Profile & { match: Match })[] = [];
  for (const match of matches) {
    const { user } = match;
    if (isParentUserType(user.userType)) {
      for (const child of await findChildren(db, instituteId, user.id)) {
        profiles.push({
          account: user,
          viewed: child.user,
          student: {
            id: child.student.id,
            displayId: child.student.displayId,
            photoFileKey: child.student.photoFileKey,
          },
          display: 'parent_student',
          match,
        });
      }
    } else {
      const student = await findStudentOfUser(db, instituteId, user.id);
      profiles.push({
        account: user,
        viewed: user,
        student: student && { id: student.id, displayId: student.displayId, photoFileKey: student.photoFileKey },
        display: 'student',
        match,
      });
    }
  }
  return profiles;
}

async function toRoleEntry(db: Db, instituteName: string, profile: Profile): Promise<RoleEntry> {
  const years = profile.student ? await findStudentYears(db, profile.account.instituteId, profile.student.id) : [];
  return {
    user_id: profile.viewed.id,
    user_type: profile.account.userType,
    institute_id: profile.account.instituteId,
    institute_name: instituteName,
    display: profile.display,
    name: profile.account.name,
    student_name: profile.viewed.name,
    student_id: profile.student?.id ?? null,
    phone_no: profile.account.phone ?? '',
    account_id: profile.account.id,
    email_id: profile.account.email ?? '',
    photo_url: profile.viewed.photoUrl,
    join_date: profile.viewed.joinDate,
    student_acad_year: years.map((year) => ({ acad_yr_id: year.id, acad_yr_name: year.name })),
    is_login_allowed: profile.viewed.isLoginAllowed,
  };
}

const refused = () => new AppError(401, 'UNAUTHORIZED', loginMessages.defaultFailure);

/**
 * The login of spec part 1 §4 for the institute found by host: checks the lock-out, the secret, then picks a
 * profile (or answers the list), then the stops in order (blocked 13, unregistered device 11, fee dues,
 * another device 10), and finally starts the session.
 */
export async function logIn(
  db: Db,
  instituteId: number,
  body: LoginBody,
  now: Date,
  address: string,
  /** Signs an uploaded photo's address for the session (see startSession). */
  photoUrl?: (key: string, expiresAt: number) => string,
): Promise<LoginAnswer> {
  const institute = await findInstitute(db, instituteId);
  if (!institute) throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
  if (body.institute_id !== undefined && body.institute_id !== instituteId) throw refused();

  const login = normaliseLogin(body.user_name).toLowerCase();
  if (login === '') throw new AppError(400, 'VALIDATION_FAILED', loginMessages.loginRequired);
  const candidates = await findUsersByLogin(db, instituteId, login);
  // An SSO login key is a 256-bit one-time token, not a guessable password: it neither counts against nor is
  // stopped by the password lock, so a locked password does not lock the institute's single sign-on.
  const keyHash = hashToken(body.password);
  const key = await findLoginKey(
    db,
    instituteId,
    candidates.map((user) => user.id),
    keyHash,
    now,
  );
  const keyUser = key && candidates.find((user) => user.id === key.userId);
  let matches: Match[];
  if (keyUser) {
    matches = [{ user: keyUser, via: 'key', keyHash }];
  } else {
    const release = await reserveLoginAttempt(db, instituteId, login, address, now);
    matches = await matchPassword(db, instituteId, candidates, body.password, now);
    // A failure keeps its reservation: that is the recorded failure.
    if (matches.length === 0) throw refused();
    await release();
  }

  const profiles = await listProfiles(db, instituteId, matches);
  let chosen: (typeof profiles)[number] | undefined;
  if (body.user_type !== undefined || body.user_id !== undefined) {
    chosen = profiles.find(
      (profile) => profile.account.userType === body.user_type && profile.viewed.id === body.user_id,
    );
    if (!chosen) throw refused();
  } else if (profiles.length > 1) {
    const entries = await Promise.all(profiles.map((profile) => toRoleEntry(db, institute.name, profile)));
    return { statusCode: 200, message: 'Select a profile', result: entries };
  } else {
    chosen = profiles[0];
  }
  // A parent account with no child linked has nothing to view here.
  if (!chosen) return { statusCode: 200, message: loginMessages.notAuthorized, result: null };

  const { account, viewed } = chosen;
  if (account.isBlocked) {
    return {
      statusCode: 200,
      message: loginMessages.blocked,
      result: { login_option: loginOptions.blocked, is_login_allowed: viewed.isLoginAllowed },
    };
  }
  if (account.registeredDeviceId !== null && account.registeredDeviceId !== body.device_id) {
    return {
      statusCode: 200,
      message: loginMessages.unregisteredDevice,
      result: { login_option: loginOptions.unregisteredDevice, is_login_allowed: viewed.isLoginAllowed },
    };
  }
  if (viewed.isLoginAllowed !== 1) {
    return { statusCode: 200, message: loginMessages.feeDues, result: { is_login_allowed: viewed.isLoginAllowed } };
  }
  const elsewhere = await countSessionsElsewhere(db, instituteId, account.id, body.device_id, now);
  if (elsewhere > 0 && !body.logout_from_all_devices) {
    return {
      statusCode: 200,
      message: loginMessages.otherDevice,
      result: { login_option: loginOptions.otherDevice, is_login_allowed: 1 },
    };
  }

  return db.transaction(async (tx) => {
    // A login key is good once: using it up inside the transaction makes a replay lose the race.
    if (chosen.match.via === 'key' && !(await consumeSsoToken(tx, instituteId, 'key', chosen.match.keyHash!, now))) {
      throw refused();
    }
    // So is a temporary password: its first sign-in uses it up (the password change of this session takes it).
    if (chosen.match.via === 'temporary') {
      if (!(await useTemporaryPassword(tx, instituteId, account.id, now))) throw refused();
      await forgetOutboxSecrets(tx, instituteId, account.phone, account.id);
    }
    // One live login per account: this one replaces the others (they were confirmed away with option 10).
    await revokeSessions(tx, instituteId, account.id, now);
    const session = await startSession(tx, {
      institute,
      profile: chosen,
      deviceId: body.device_id,
      now,
      mustChangePassword: chosen.match.via === 'temporary',
      photoUrl,
    });
    return { statusCode: 200, message: 'Login successful', result: session };
  });
}

/**
 * A parent switches the child the session views (issue 31): the login's sessions end and new ones start for the
 * same device, viewing `studentId` (the `child` policy has checked it is the account's child). The fee-dues stop of
 * the login holds here too: a child whose login is not allowed cannot be switched to.
 */
export async function switchChild(
  db: Db,
  session: { instituteId: number; accountUserId: number; loginId: string; deviceId: string },
  studentId: number,
  now: Date,
  photoUrl?: (key: string, expiresAt: number) => string,
): Promise<Session> {
  const { instituteId, accountUserId } = session;
  const [institute, account, children] = await Promise.all([
    findInstitute(db, instituteId),
    findUser(db, instituteId, accountUserId),
    findChildren(db, instituteId, accountUserId),
  ]);
  const child = children.find((row) => row.student.id === studentId);
  if (!institute || !account || !child) throw new AppError(404, 'NOT_FOUND', 'Not found');
  if (child.user.isLoginAllowed !== 1) throw new AppError(403, 'FORBIDDEN', loginMessages.feeDues);
  return db.transaction(async (tx) => {
    await revokeSessions(tx, instituteId, accountUserId, now, { loginId: session.loginId });
    return startSession(tx, {
      institute,
      profile: {
        account,
        viewed: child.user,
        student: { id: child.student.id, displayId: child.student.displayId, photoFileKey: child.student.photoFileKey },
        display: 'parent_student',
      },
      deviceId: session.deviceId,
      now,
      mustChangePassword: false,
      photoUrl,
    });
  });
}
