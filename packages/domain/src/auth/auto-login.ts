/** Query parameters of the login screen's auto login (spec part 1 §2): `user` and the encoded password. */
export const autoLoginParams = { login: 'user', password: 'pwd' } as const;

/** Decodes base64 (standard or URL-safe, padding optional) as UTF-8; undefined when it is not base64. */
function decodeBase64Text(encoded: string): string | undefined {
  const standard = encoded.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return undefined;
  try {
    const bytes = Uint8Array.from(atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** Anything that reads query parameters by name, such as URLSearchParams. */
export interface QueryParams {
  get(name: string): string | null;
}

/** The login and password an auto-login address carries, or undefined when it carries none (or garbage). */
export function readAutoLogin(params: QueryParams): { login: string; password: string } | undefined {
  const login = params.get(autoLoginParams.login);
  const encoded = params.get(autoLoginParams.password);
  if (!login || !encoded) return undefined;
  const password = decodeBase64Text(encoded);
  if (!password) return undefined;
  return { login, password };
}

/** What of a signed-in session tells which login it belongs to. */
export interface SessionLogin {
  parentslogin: boolean;
  parent_num: string;
  student_phone: string;
  email_id: string;
}

/**
 * True when `login` (from an auto-login address) is the login of the signed-in session: the parent's phone for a
 * parent login, the student's phone or email otherwise. Anything else counts as another user, whom the login screen
 * asks about before switching (an address that signs in silently over a session is login CSRF).
 */
export function isSessionLogin(session: SessionLogin, login: string): boolean {
  const wanted = login.replace(/\s+/g, '').toLowerCase();
  if (wanted === '') return false;
  const own = session.parentslogin ? [session.parent_num] : [session.student_phone, session.email_id];
  return own.some((value) => value.replace(/\s+/g, '').toLowerCase() === wanted);
}

/** The question the login screen asks before an auto-login address replaces another user's session. */
export const switchAccountPrompt = {
  title: 'Switch account?',
  message: (currentName: string, login: string) =>
    `You are signed in as ${currentName}. This link signs in as ${login} instead and signs ${currentName} out of this device. Switch accounts?`,
  confirm: 'Switch account',
  cancel: 'Stay signed in',
} as const;
