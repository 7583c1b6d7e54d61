import { isParentUserType, type ForgotPasswordChoice } from '@campus/domain/auth/auth.contract';
import { maskedSecret } from '@campus/domain/messages/messages-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { newTemporaryPassword, passwords } from '../../lib/passwords.ts';
import type { JobEnqueuer } from '../../lib/job-queue.ts';
import { enqueueSms } from '../messages/index.ts';
import {
  findInstitute,
  findUser,
  findChildNames,
  findUsersByLogin,
  queueSms,
  releaseAttempt,
  reserveAttempt,
  reserveAttemptCount,
  saveTemporaryPassword,
  updatePasswordHash,
  type AttemptLimit,
} from './auth.repository.ts';
import { findTemporaryPassword, forgetOutboxSecrets } from './temporary-password.repository.ts';
import { clearMustChangePassword, revokeSessions } from '../../access/session.repository.ts';

/** Messages of the password change (spec part 1 §5 and §8), verbatim. */
export const passwordMessages = {
  oldRequired: 'Enter existing password, First',
  oldWrong: 'Please enter correct existing password',
  mismatch: "Entered new passwords doesn't match",
  newRule: ' New passwords must contain 6-10 alphanumeric entries.',
  changed: 'Password changed successfully,Please Re-Login!',
  parentChanged: "Parent's Password changed successfully,Please Re-Login!",
} as const;

/** New passwords: 6 to 10 letters or digits (spec part 1 §9). */
export const isValidNewPassword = (password: string) => /^[A-Za-z0-9]{6,10}$/.test(password);

/** Wrong existing passwords per account within 15 minutes after which the session asking is revoked. */
export const changePasswordAttempts = 5;
export const changePasswordLockedMessage = 'You have been logged out. Please login again.';
const changeLimit: AttemptLimit = { bucket: 'change_password', max: changePasswordAttempts, windowMs: 15 * 60 * 1000 };

export const temporaryPasswordMinutes = 15;
export const smsPerPhonePerHour = 3;
export const smsLimitMessage = 'A new password was sent 3 times in the last hour. Please try again later.';

/** Forgot-password requests per address per hour, whatever the phone. */
export const forgotPerAddressPerHour = 20;
export const forgotAddressLimitMessage = 'Too many requests from this address. Please try again later.';
const hourMs = 60 * 60 * 1000;
const phoneLimit: AttemptLimit = { bucket: 'forgot_phone', max: smsPerPhonePerHour, windowMs: hourMs };
const addressLimit: AttemptLimit = { bucket: 'forgot_address', max: forgotPerAddressPerHour, windowMs: hourMs };

/** The text of a temporary-password message (the inbox stores it with the mask in the password's place). */
export const temporaryPasswordText = (instituteName: string, password: string) =>
  `${password} is your temporary password for ${instituteName}. It is valid for ${temporaryPasswordMinutes} minutes; set a new password after you sign in.`;

/** How a parent account reads in 'Forgot Password For': 'Sunita Rao (Parent of Isha Rao)'. */
export function forgotChoiceName(parentName: string, childNames: string[]): string {
  return childNames.length > 0 ? `${parentName} (Parent of ${childNames.join(', ')})` : `${parentName} (Parent)`;
}

/**
 * Forgot password (spec part 1 §4): several accounts on the phone → the list to choose from (a display name
 * and an opaque choice id each, nothing more: nobody is signed in); one (or the one chosen) → a temporary
 * password valid 15 minutes, sent by SMS through the outbox. The old password keeps working until the temporary
 * one is used. A number no account uses, a blocked account or a bad choice answers exactly like a sent message,
 * after the same work (one argon2 hash), and counts against the same limits: 3 sends per phone an hour and 20
 * requests per address an hour, counted in the database. The message leaves in the background (the sms-send job,
 * retried while the gateway fails), so the gateway's time does not show either.
 */
export async function sendTemporaryPassword(
  db: Db,
  jobs: JobEnqueuer,
  input: {
    instituteId: number;
    phone: string;
    choiceId: string | undefined;
    address: string;
    now: Date;
    /** Makes the opaque choice id of an account. */
    tag: (text: string) => string;
    log: FastifyBaseLogger;
  },
): Promise<ForgotPasswordChoice[] | null> {
  const { instituteId, phone, now } = input;
  if (!(await reserveAttempt(db, instituteId, addressLimit, input.address, now))) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', forgotAddressLimitMessage);
  }
  const institute = await findInstitute(db, instituteId);
  const accounts = institute ? (await findUsersByLogin(db, instituteId, phone)).filter((row) => !row.isBlocked) : [];
  const choiceOf = (userId: number) => input.tag(`forgot:${instituteId}:${phone}:${userId}`);
  if (input.choiceId === undefined && accounts.length > 1) {
    // A parent reads as the parent of their children, by name (defect 4): the phone's owner tells the two apart.
    const parentIds = accounts.filter((account) => isParentUserType(account.userType)).map((account) => account.id);
    const children = await findChildNames(db, instituteId, parentIds);
    const childrenOf = (parentId: number) =>
      children.filter((child) => child.parentUserId === parentId).map((child) => child.name);
    return accounts.map((account) => ({
      choice_id: choiceOf(account.id),
      display_name: isParentUserType(account.userType)
        ? forgotChoiceName(account.name, childrenOf(account.id))
        : account.name,
    }));
  }
  if (!(await reserveAttempt(db, instituteId, phoneLimit, phone, now))) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', smsLimitMessage);
  }
  const account =
    input.choiceId === undefined ? accounts[0] : accounts.find((row) => choiceOf(row.id) === input.choiceId);
  const password = newTemporaryPassword();
  const passwordHash = await passwords.hashPassword(password);
  if (!institute || !account) return null;
  const text = temporaryPasswordText(institute.name, maskedSecret);
  const expiresAt = new Date(now.getTime() + temporaryPasswordMinutes * 60 * 1000);
  const smsId = await db.transaction(async (tx) => {
    await saveTemporaryPassword(tx, { instituteId, userId: account.id, passwordHash, expiresAt });
    // The one it replaces can no longer sign in: its text in the inbox stays masked, and the password goes.
    await forgetOutboxSecrets(tx, instituteId, phone, account.id);
    // The inbox keeps the masked text; the password beside it is shown only while it can still sign in.
    return queueSms(tx, {
      instituteId,
      phone,
      purpose: 'forgot_password',
      body: text,
      secret: password,
      secretUserId: account.id,
      secretExpiresAt: expiresAt,
      createdAt: now,
    });
  });
  // Not enqueued now (the queue away), the minute's sweep enqueues it.
  await enqueueSms(jobs, instituteId, smsId).catch((error: unknown) =>
    input.log.error({ err: error, smsId }, 'could not enqueue the SMS; the sweep will'),
  );
  return null;
}

/**
 * Password change (spec part 1 §5): the server checks the existing password (or the temporary one the session
 * signed in with); on success every other session of the account is revoked.
 */
export async function changePassword(
  db: Db,
  input: {
    instituteId: number;
    accountUserId: number;
    loginId: string;
    isParent: boolean;
    oldPassword: string;
    newPassword: string;
    now: Date;
  },
): Promise<string> {
  if (input.oldPassword === '') throw new AppError(400, 'VALIDATION_FAILED', passwordMessages.oldRequired);
  if (!isValidNewPassword(input.newPassword)) throw new AppError(400, 'VALIDATION_FAILED', passwordMessages.newRule);
  const account = await findUser(db, input.instituteId, input.accountUserId);
  if (!account) throw new AppError(404, 'NOT_FOUND', 'Not Found');
  // A stolen session must not become a password oracle: the guess is reserved (atomically, before the check)
  // like a login failure, and the 5th wrong one ends the session.
  const counterKey = String(account.id);
  const attempts = await reserveAttemptCount(db, input.instituteId, changeLimit, counterKey, input.now);
  const lockOut = async () => {
    await revokeSessions(db, input.instituteId, account.id, input.now, { loginId: input.loginId });
    return new AppError(403, 'FORBIDDEN', changePasswordLockedMessage);
  };
  if (attempts > changeLimit.max) throw await lockOut();
  const temporary = await findTemporaryPassword(db, input.instituteId, account.id, input.now);
  const matches =
    (await passwords.verifyPassword(account.passwordHash, input.oldPassword)) ||
    (temporary !== undefined && (await passwords.verifyPassword(temporary.passwordHash, input.oldPassword)));
  if (!matches) {
    if (attempts >= changeLimit.max) throw await lockOut();
    throw new AppError(400, 'VALIDATION_FAILED', passwordMessages.oldWrong);
  }
  await releaseAttempt(db, input.instituteId, changeLimit.bucket, counterKey);
  const passwordHash = await passwords.hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, input.instituteId, account.id, passwordHash);
    await forgetOutboxSecrets(tx, input.instituteId, account.phone, account.id);
    await revokeSessions(tx, input.instituteId, account.id, input.now, { exceptLoginId: input.loginId });
    await clearMustChangePassword(tx, input.instituteId, input.loginId);
  });
  return input.isParent ? passwordMessages.parentChanged : passwordMessages.changed;
}
