import { createHash, randomBytes } from 'node:crypto';

/** A fresh random token: 256 bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** The stored form of a high-entropy token. SHA-256 suffices: tokens cannot be guessed, unlike passwords. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
