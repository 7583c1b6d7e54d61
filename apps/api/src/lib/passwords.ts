import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2) with the library's defaults: m=19 MiB, t=2, p=1, OWASP's minimum. */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Checks a password against an argon2id hash; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * One argon2 verification against a hash of nothing in particular, for a login that names no account: the
 * answer then takes as long as for an existing account with a wrong password.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password);
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A temporary password: 8 characters without look-alikes (0/O, 1/l/I), within the 6–10 alphanumeric rule. */
export const newTemporaryPassword = () =>
  Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');

/**
 * The calls sign-in and the password services make, through one object: a test counts them with vi.spyOn on it, and
 * needs no module of its own (vi.mock) for that.
 */
export const passwords = { hashPassword, verifyPassword, verifyDummyPassword };
