import { type RoleEntry } from '@campus/domain/auth/auth.contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, newTemporaryPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SmsSender } from '../../lib/sms.ts';
import {
  clearMustChangePassword,
  countSmsSince,
  findInstitute,
  findStudentOfUser,
  findStudentYears,
  findTemporaryPassword,
  findUser,
  findUsersByLogin,
  markSmsSent,
  queueSms,
  revokeSessions,
  saveTemporaryPassword,
  updatePasswordHash,
} from './auth.repository.ts';

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

export const temporaryPasswordMinutes = 15;
export const smsPerPhonePerHour = 3;
export const smsLimitMessage = 'A new password was sent 3 times in the last hour. Please try again later.';
export const notRegisteredMessage = 'This mobile number is not registered with us.';

/**
 * Forgot password (spec part 1 §4): several accounts on the phone → the list to choose from; one (or the one
 * chosen) → a temporary password valid 15 minutes, sent by SMS through the outbox. The old password keeps
 * working until the temporary one is used.
 */
export async function sendTemporaryPassword(
  db: Db,
  sms: SmsSender,
  input: { instituteId: number; phone: string; userId: number | undefined; now: Date },
): Promise<RoleEntry[] | null> {
  const { instituteId, phone, now } = input;
  const institute = await findInstitute(db, instituteId);
  const accounts = await findUsersByLogin(db, instituteId, phone);
  if (!institute || accounts.length === 0) throw new AppError(404, 'NOT_FOUND', notRegisteredMessage);
  if (input.userId === undefined && accounts.length > 1) {
    return Promise.all(
      accounts.map(async (account) => {
        const student = await findStudentOfUser(db, instituteId, account.id);
        const years = student ? await findStudentYears(db, instituteId, student.id) : [];
        return {
          user_id: account.id,
          user_type: account.userType,
          institute_id: instituteId,
          institute_name: institute.name,
          display: student ? ('student' as const) : ('parent_student' as const),
          name: account.name,
          student_name: student ? account.name : '',
          student_id: student?.id ?? null,
          phone_no: account.phone ?? '',
          account_id: account.id,
          email_id: account.email ?? '',
          photo_url: account.photoUrl,
          join_date: account.joinDate,
          student_acad_year: years.map((year) => ({ acad_yr_id: year.id, acad_yr_name: year.name })),
          is_login_allowed: account.isLoginAllowed,
        };
      }),
    );
  }
  const account = input.userId === undefined ? accounts[0] : accounts.find((row) => row.id === input.userId);
  if (!account) throw new AppError(404, 'NOT_FOUND', notRegisteredMessage);
  if ((await countSmsSince(db, instituteId, phone, new Date(now.getTime() - 60 * 60 * 1000))) >= smsPerPhonePerHour) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', smsLimitMessage);
  }
  const password = newTemporaryPassword();
  const passwordHash = await hashPassword(password);
  const body = `${password} is your temporary password for ${institute.name}. It is valid for ${temporaryPasswordMinutes} minutes; set a new password after you sign in.`;
  const smsId = await db.transaction(async (tx) => {
    await saveTemporaryPassword(tx, {
      instituteId,
      userId: account.id,
      passwordHash,
      expiresAt: new Date(now.getTime() + temporaryPasswordMinutes * 60 * 1000),
    });
    return queueSms(tx, { instituteId, phone, purpose: 'forgot_password', body, createdAt: now });
  });
  await sms.send({ phone, body });
  await markSmsSent(db, instituteId, smsId, now);
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
  const temporary = await findTemporaryPassword(db, input.instituteId, account.id, input.now);
  const matches =
    (await verifyPassword(account.passwordHash, input.oldPassword)) ||
    (temporary !== undefined && (await verifyPassword(temporary.passwordHash, input.oldPassword)));
  if (!matches) throw new AppError(400, 'VALIDATION_FAILED', passwordMessages.oldWrong);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, input.instituteId, account.id, passwordHash);
    await revokeSessions(tx, input.instituteId, account.id, input.now, { exceptLoginId: input.loginId });
    await clearMustChangePassword(tx, input.instituteId, input.loginId);
  });
  return input.isParent ? passwordMessages.parentChanged : passwordMessages.changed;
}
