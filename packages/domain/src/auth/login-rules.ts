/** Messages of the login form (spec part 1 §5) and outcomes (§8), verbatim. */
export const loginMessages = {
  loginRequired: 'Email or Phone Number is required',
  passwordRequired: 'Password is required',
  invalidPhone: 'Please enter a valid Phone number',
  invalidEmail: 'You have entered an invalid email address!',
  passwordTooShort: 'Password length should be atleast 4 digits long',
  defaultFailure: 'Invailid Login Details',
  emptyMessage: 'please contact institute admin.',
  networkFailure: 'Network Error',
  unregisteredDevice:
    'Unable to login! This is not your registered device for login kindly use a registered device. For any query please contact your administrator.',
  blocked: 'Your account has been blocked. Please contact your institute/school!',
  otherDevice:
    'You are already logged in on another device. Do you want to use here? You will be logged out from other devices.',
  feeDues: 'Kindly clear fees dues to successfully login.',
  forgotPasswordSent: 'New Password send to your registered mobile number.',
  notAuthorized: 'You are not authorized to use this portal. Institute admins please sign in through the admin app.',
} as const;

/** Shortest password the login form accepts. */
export const minLoginPasswordLength = 4;

/** Strips the spaces the login field may hold ("90000 00001" → "9000000001"). */
export const normaliseLogin = (login: string) => login.replace(/\s+/g, '');

/**
 * The digits check for phone logins: 10 to 15 digits (a national number, optionally with its country code;
 * E.164 allows 15 at most). The spec names the check without its rule; this is our choice.
 */
export const isValidPhone = (login: string) => /^\d{10,15}$/.test(login);

/** A practical email check: one @, a dotted domain, no spaces. */
export const isValidEmail = (login: string) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(login) && login.length <= 254;

/** The first message the login form shows for these values, or undefined when they may be sent. */
export function validateLogin(rawLogin: string, password: string): string | undefined {
  const login = normaliseLogin(rawLogin);
  if (login === '') return loginMessages.loginRequired;
  if (password === '') return loginMessages.passwordRequired;
  if (/^\d+$/.test(login)) {
    if (!isValidPhone(login)) return loginMessages.invalidPhone;
  } else if (!isValidEmail(login)) {
    return loginMessages.invalidEmail;
  }
  if (password.length < minLoginPasswordLength) return loginMessages.passwordTooShort;
  return undefined;
}

/** What the login screen does with an answer (spec part 1 §4), in the order the spec gives. */
export type LoginOutcome =
  | { kind: 'signed-in' }
  | { kind: 'choose-profile' }
  | { kind: 'confirm-other-device'; message: string }
  | { kind: 'alert'; message: string };

/** Reads a login answer's `result` into what the screen does next. */
export function deriveLoginOutcome(result: unknown): LoginOutcome {
  if (result === null || result === undefined) return { kind: 'alert', message: loginMessages.notAuthorized };
  if (Array.isArray(result)) return { kind: 'choose-profile' };
  const value = result as { login_option?: number; is_login_allowed?: number };
  if (value.login_option === 10) return { kind: 'confirm-other-device', message: loginMessages.otherDevice };
  if (value.login_option === 11) return { kind: 'alert', message: loginMessages.unregisteredDevice };
  if (value.login_option === 13) return { kind: 'alert', message: loginMessages.blocked };
  if (value.is_login_allowed !== 1) return { kind: 'alert', message: loginMessages.feeDues };
  return { kind: 'signed-in' };
}

/** The message for a failed login call: the server's, 'please contact institute admin.' when blank. */
export function loginFailureMessage(status: number | null, serverMessage: unknown): string {
  if (status === null) return loginMessages.networkFailure;
  if (typeof serverMessage !== 'string') return loginMessages.defaultFailure;
  return serverMessage.trim() === '' ? loginMessages.emptyMessage : serverMessage;
}
