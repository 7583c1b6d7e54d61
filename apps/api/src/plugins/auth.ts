import { isParentUserType } from '@campus/domain/auth/auth.contract';
import { attemptSupersededMessage } from '@campus/domain/exam/exam-rules';
import { decodeCredential } from '@campus/domain/auth/credential';
import { normaliseHost } from '@campus/domain/shell/shell.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { infrastructureRoutes, isStaticRoute } from '../access/matrix.ts';
import { useAdminKey } from '../access/admin-key.repository.ts';
import {
  findAttemptByCredentialHash,
  findInstituteIdByApiKey,
  findSessionByTokenHash,
  isSupersededAttemptCredential,
} from '../access/session.repository.ts';
import { findInstituteIdByHost } from '../access/institute-hosts.repository.ts';
import type { Db } from '../db/client.ts';
import type { AccessRule, AttemptAuth } from '../types.d.ts';
import { AppError } from '../errors.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { hashToken } from '../lib/tokens.ts';

/** Messages of refused credentials; 403 makes the web app log out and show them. */
export const authMessages = {
  missing: 'Unauthorized',
  revoked: 'You have been logged out. Please login again.',
  expired: 'Your session has expired. Please login again.',
  otherDevice: 'This login belongs to another device. Please login again.',
  year: 'You are not enrolled in this academic year.',
  passwordChange: 'Please set a new password first.',
  parentsReadOnly: 'Parents are not allowed to make changes.',
  badApiKey: 'A valid API key is required',
  keyOfOtherInstitute: 'This API key belongs to another institute',
} as const;

/** Host → institute id, remembered for a minute so an authenticated request costs one query, not two. */
function hostResolver(db: Db) {
  // An unknown host is remembered too (wrapped: a cache keeps no undefined).
  const cache = new BoundedCache<string, { instituteId: number | undefined }>({ max: 10_000, ttlMs: 60_000 });
  return async (host: string): Promise<number | undefined> => {
    const hit = cache.get(host);
    if (hit) return hit.instituteId;
    const instituteId = await findInstituteIdByHost(db, host);
    cache.set(host, { instituteId });
    return instituteId;
  };
}

/**
 * Attempt credentials this process has read (by institute and hash), for routes whose own statement checks the
 * credential. What is kept never decides alone: the attempt's institute, test and id do not change under a
 * credential; whether it is still current, open and in time is asked of the database by the route's statement.
 */
const attemptCache = () => new BoundedCache<string, AttemptAuth>({ max: 10_000, ttlMs: 10 * 60_000 });

/**
 * Takes every route's access rule from its endpoint descriptor and enforces it before the body is read or the
 * handler runs. A route without a descriptor (other than health checks, static files and routes a test adds with
 * `extraAccess`) stops the server from starting.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { extraAccess?: Record<string, AccessRule> }) => {
  const resolveHost = hostResolver(app.db);
  const knownAttempts = attemptCache();
  app.decorateRequest('auth', null);
  app.decorateRequest('apiInstituteId', null);
  app.decorateRequest('attemptAuth', null);
  app.decorateRequest('attemptUnread', null);
  app.decorateRequest('adminKey', null);
  app.decorate('instituteIdOfHost', (request: FastifyRequest) => resolveHost(normaliseHost(request.host)));

  app.addHook('onRoute', (route) => {
    if (isStaticRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      const rule = route.config?.endpoint?.access ?? infrastructureRoutes[key] ?? options.extraAccess?.[key];
      if (!rule) throw new Error(`Route ${method} ${route.url} has no endpoint descriptor`);
      route.config = { ...route.config, access: rule };
    }
  });

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (!rule || rule === 'anonymous' || rule === 'signed') return;
    if (rule === 'apiKey') {
      const key = request.headers['x-api-key'];
      const instituteId =
        typeof key === 'string' && key.length <= 200
          ? await findInstituteIdByApiKey(app.db, hashToken(key))
          : undefined;
      if (instituteId === undefined) throw new AppError(401, 'UNAUTHORIZED', authMessages.badApiKey);
      request.apiInstituteId = instituteId;
      return;
    }
    if (rule === 'adminKey') {
      // Only an admin key: a session token in the header is no key, so students and parents are refused here.
      const key = request.headers['x-api-key'];
      const found =
        typeof key === 'string' && key.length <= 200 ? await useAdminKey(app.db, hashToken(key), app.now()) : undefined;
      if (!found) throw new AppError(401, 'UNAUTHORIZED', authMessages.badApiKey);
      // The tenant is the key's; a call through another institute's host name is refused, not redirected.
      if ((await resolveHost(normaliseHost(request.host))) !== found.instituteId) {
        throw new AppError(403, 'FORBIDDEN', authMessages.keyOfOtherInstitute);
      }
      request.adminKey = found;
      return;
    }

    const header = request.headers.authorization ?? '';
    if (rule === 'attempt') {
      // The test panel: the credential of one attempt (exam area), good on its institute's host only.
      const token = header.replace(/^Bearer\s+/i, '');
      if (token.length === 0 || token.length > 200) throw new AppError(401, 'UNAUTHORIZED', authMessages.missing);
      const credentialHash = hashToken(token);
      // Looked up in the host's institute only: another institute's credential names nothing here (issue 30).
      const instituteId = await resolveHost(normaliseHost(request.host));
      if (instituteId === undefined) throw new AppError(401, 'UNAUTHORIZED', authMessages.missing);
      const read = () => findAttemptByCredentialHash(app.db, instituteId, credentialHash);
      // A credential a Resume replaced (at this host's institute) is told where the test went; others stay 401.
      const refusal = async () =>
        (await isSupersededAttemptCredential(app.db, instituteId, credentialHash))
          ? new AppError(409, 'ATTEMPT_SUPERSEDED', attemptSupersededMessage)
          : new AppError(401, 'UNAUTHORIZED', authMessages.missing);
      // A route whose statement checks the credential itself (the save) starts from what an earlier request of
      // this process read of it, and the database is asked once, by that statement (issue 28).
      const cacheKey = `${instituteId}:${credentialHash}`;
      const known = request.routeOptions.config.attemptCheckedByStatement ? knownAttempts.get(cacheKey) : undefined;
      const attempt = known ?? (await read());
      if (!attempt) throw await refusal();
      if (known) request.attemptUnread = { credentialHash, read, refusal };
      else knownAttempts.set(cacheKey, attempt);
      request.attemptAuth = attempt;
      return;
    }
    const credential = header.length <= 1000 ? decodeCredential(header.replace(/^Bearer\s+/i, '')) : undefined;
    // Looked up in the host's institute only: a session of another institute names nothing here (issue 30).
    const instituteId = credential && (await resolveHost(normaliseHost(request.host)));
    const session =
      credential && instituteId !== undefined
        ? await findSessionByTokenHash(app.db, instituteId, hashToken(credential.token))
        : undefined;
    const expectedScope = rule === 'examdesk' || rule === 'scorecard' ? rule : 'main';
    if (!credential || !session || session.scope !== expectedScope) {
      throw new AppError(401, 'UNAUTHORIZED', authMessages.missing);
    }
    // A blocked account is logged out like a revoked session (login answers it login_option 13).
    if (session.revokedAt || session.accountBlocked) throw new AppError(403, 'FORBIDDEN', authMessages.revoked);
    if (session.expiresAt.getTime() <= app.now().getTime()) throw new AppError(403, 'FORBIDDEN', authMessages.expired);
    if (session.deviceId !== credential.deviceId) throw new AppError(403, 'FORBIDDEN', authMessages.otherDevice);
    if (!session.academicYearIds.includes(credential.academicYearId)) {
      throw new AppError(403, 'FORBIDDEN', authMessages.year);
    }
    if (session.mustChangePassword && !request.routeOptions.config.allowDuringPasswordChange) {
      throw new AppError(403, 'FORBIDDEN', authMessages.passwordChange);
    }
    const isParent = isParentUserType(session.userType);
    if (rule === 'student' && isParent) {
      const message = request.routeOptions.config.endpoint?.parentMessage ?? authMessages.parentsReadOnly;
      throw new AppError(403, 'FORBIDDEN', message);
    }
    request.auth = {
      instituteId: session.instituteId,
      loginId: session.loginId,
      accountUserId: session.accountUserId,
      userId: session.userId,
      studentId: session.studentId,
      userType: session.userType,
      isParent,
      academicYearId: credential.academicYearId,
      deviceId: session.deviceId,
    };
  });
});

/** The signed-in user of a route whose rule requires one. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError(401, 'UNAUTHORIZED', authMessages.missing);
  return request.auth;
}

/** Refuses an institute id in the path, query or body that is not the session's own. */
export function assertOwnInstitute(request: FastifyRequest, instituteId: number) {
  if (requireAuth(request).instituteId !== instituteId) {
    throw new AppError(403, 'FORBIDDEN', 'You may not access another institute');
  }
}
