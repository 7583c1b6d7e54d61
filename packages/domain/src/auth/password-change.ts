/** Messages of the change-password form (spec part 1 §5 and §8), verbatim — including the leading space. */
export const passwordChangeMessages = {
  existingRequired: 'Enter existing password, First',
  existingWrong: 'Please enter correct existing password',
  mismatch: "Entered new passwords doesn't match",
  badLength: ' New passwords must contain 6-10 alphanumeric entries.',
  changed: 'Password changed successfully,Please Re-Login!',
  parentChanged: "Parent's Password changed successfully,Please Re-Login!",
} as const;

/** Shortest and longest new password (spec part 1 §9). */
export const minNewPasswordLength = 6;
export const maxNewPasswordLength = 10;

/** What the user typed into the change-password form. */
export interface PasswordChangeInput {
  existing: string;
  next: string;
  retyped: string;
}

/**
 * The first message the change-password form shows, or undefined when it may be sent. The existing password is
 * checked by the server ('Please enter correct existing password'); the spec names the length rule only, so any
 * characters count.
 */
export function validatePasswordChange({ existing, next, retyped }: PasswordChangeInput): string | undefined {
  if (existing === '') return passwordChangeMessages.existingRequired;
  if (next !== retyped) return passwordChangeMessages.mismatch;
  if (next.length < minNewPasswordLength || next.length > maxNewPasswordLength) return passwordChangeMessages.badLength;
  return undefined;
}

/** The success toast: parents (a parent_id is present) change the parent's password. */
export const passwordChangedMessage = (isParent: boolean) =>
  isParent ? passwordChangeMessages.parentChanged : passwordChangeMessages.changed;
