import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { consumeSsoToken, findFirstHost, findUser, findUsersByLogin, insertSsoToken } from './auth.repository.ts';

export const linkMinutes = 10;
export const keyMinutes = 2;
export const invalidLinkMessage = 'The login link might be invalid or expired.';

/** Mints a one-time link token for a login of the institute (server to server, or the demo CLI). */
export async function mintSsoLink(
  db: Db,
  input: {
    instituteId: number;
    login: string;
    redirectUrl: string | undefined;
    now: Date;
    origin: (host: string) => string;
  },
) {
  const accounts = await findUsersByLogin(db, input.instituteId, input.login.replace(/\s+/g, ''));
  if (accounts.length === 0) throw new AppError(404, 'NOT_FOUND', 'No account uses this login');
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + linkMinutes * 60 * 1000);
  await insertSsoToken(db, {
    instituteId: input.instituteId,
    kind: 'link',
    tokenHash: hashToken(token),
    // The key it yields opens the first account of the login; the login call still offers the others' list.
    userId: accounts[0]!.id,
    redirectUrl: input.redirectUrl ?? '',
    expiresAt,
  });
  const host = (await findFirstHost(db, input.instituteId)) ?? 'localhost';
  return { link: `${input.origin(host)}/my-account/?token=${token}`, token, expires_at: expiresAt.toISOString() };
}

/**
 * Exchanges a link token (once, within 10 minutes) for a login key accepted once by the login call, at a host of the
 * link's institute (`instituteId`, the host's): the link names that host, and elsewhere the token names nothing.
 */
export async function exchangeSsoToken(db: Db, instituteId: number | undefined, token: string, now: Date) {
  if (instituteId === undefined) throw new AppError(400, 'BAD_REQUEST', invalidLinkMessage);
  return db.transaction(async (tx) => {
    const link = await consumeSsoToken(tx, instituteId, 'link', hashToken(token), now);
    if (!link) throw new AppError(400, 'BAD_REQUEST', invalidLinkMessage);
    const user = await findUser(tx, link.instituteId, link.userId);
    if (!user) throw new AppError(400, 'BAD_REQUEST', invalidLinkMessage);
    const key = newToken();
    await insertSsoToken(tx, {
      instituteId: link.instituteId,
      kind: 'key',
      tokenHash: hashToken(key),
      userId: user.id,
      redirectUrl: link.redirectUrl,
      expiresAt: new Date(now.getTime() + keyMinutes * 60 * 1000),
    });
    return {
      status: 'success',
      key,
      phone: user.phone ?? '',
      email_id: user.email ?? '',
      inst_id: link.instituteId,
      redirect_url: link.redirectUrl,
    };
  });
}
