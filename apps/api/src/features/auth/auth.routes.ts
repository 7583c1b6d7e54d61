import { authContract } from '@campus/domain/auth/auth.contract';
import { loginMessages } from '@campus/domain/auth/login-rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { photoUrl as signedPhotoUrl } from '../../lib/signed-urls.ts';
import { revokeSessions } from '../../access/session.repository.ts';
import { findInstituteYears } from './auth.repository.ts';
import { logIn, switchChild } from './login.service.ts';
import { changePassword, sendTemporaryPassword } from './password.service.ts';
import { exchangeSsoToken, mintSsoLink } from './sso.service.ts';

/** Requests per minute per IP address on the routes an attacker would hammer. */
export interface AuthRateLimits {
  loginPerMinute: number;
  forgotPasswordPerMinute: number;
  ssoPerMinute: number;
}

export const defaultAuthRateLimits: AuthRateLimits = {
  loginPerMinute: 30,
  forgotPasswordPerMinute: 10,
  ssoPerMinute: 20,
};

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export async function authRoutes(app: FastifyInstance, options: { rateLimits: AuthRateLimits }) {
  const hostInstitute = async (request: FastifyRequest) => {
    const instituteId = await app.instituteIdOfHost(request);
    if (instituteId === undefined) throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
    return instituteId;
  };

  defineRoute(
    app,
    authContract.login,
    async ({ request, body }) => {
      const instituteId = await hostInstitute(request);
      const photoUrl = (key: string, expiresAt: number) => signedPhotoUrl(app.signer, instituteId, key, expiresAt);
      return logIn(app.db, instituteId, body, app.now(), request.ip, photoUrl);
    },
    { config: perMinute(options.rateLimits.loginPerMinute) },
  );

  defineRoute(
    app,
    authContract.forgotPassword,
    async ({ request, body }) => {
      const result = await sendTemporaryPassword(app.db, app.jobs, {
        instituteId: await hostInstitute(request),
        phone: body.user_name,
        choiceId: body.choice_id,
        address: request.ip,
        now: app.now(),
        tag: app.signer.tag,
        log: request.log,
      });
      return {
        statusCode: 200,
        message: result === null ? loginMessages.forgotPasswordSent : 'Forgot Password For',
        result,
      };
    },
    { config: perMinute(options.rateLimits.forgotPasswordPerMinute) },
  );

  defineRoute(app, authContract.academicYears, async ({ scope }) => {
    const years = await findInstituteYears(app.db, scope.session.instituteId);
    return {
      statusCode: 200,
      message: 'success',
      result: years.map((year) => ({
        inst_acad_year_id: year.id,
        inst_acad_year: year.name,
        start_date: year.startDate,
        end_date: year.endDate,
      })),
    };
  });

  defineRoute(
    app,
    authContract.logout,
    async ({ scope }) => {
      const auth = scope.session;
      await revokeSessions(app.db, auth.instituteId, auth.accountUserId, app.now(), { deviceId: auth.deviceId });
      return { statusCode: 200, message: 'Logged out successfully' };
    },
    { config: { allowDuringPasswordChange: true } },
  );

  defineRoute(
    app,
    authContract.changePassword,
    async ({ scope, body }) => {
      const auth = scope.session;
      const message = await changePassword(app.db, {
        instituteId: auth.instituteId,
        accountUserId: auth.accountUserId,
        loginId: auth.loginId,
        isParent: auth.isParent,
        oldPassword: body.oldPassword,
        newPassword: body.newPassword,
        now: app.now(),
      });
      return { statusCode: 200, message };
    },
    { config: { allowDuringPasswordChange: true } },
  );

  defineRoute(app, authContract.ssoLink, async ({ request, body }) => {
    // The port the request came to, unless it is the protocol's default (80 for http, 443 for https).
    const defaultPort = request.protocol === 'https' ? 443 : 80;
    const port = request.port && request.port !== defaultPort ? `:${request.port}` : '';
    return mintSsoLink(app.db, {
      instituteId: request.apiInstituteId!,
      login: body.login,
      redirectUrl: body.redirect_url,
      now: app.now(),
      origin: (host) => `${request.protocol}://${host}${port}`,
    });
  });

  defineRoute(
    app,
    authContract.ssoExchange,
    async ({ request, body }) => ({
      data: { result: await exchangeSsoToken(app.db, await app.instituteIdOfHost(request), body.token, app.now()) },
    }),
    { config: perMinute(options.rateLimits.ssoPerMinute) },
  );

  defineRoute(app, authContract.switchChild, async ({ scope, body }) => {
    const auth = scope.session;
    const photoUrl = (key: string, expiresAt: number) => signedPhotoUrl(app.signer, auth.instituteId, key, expiresAt);
    const session = await switchChild(app.db, auth, body.student_id, app.now(), photoUrl);
    return { statusCode: 200, message: 'Switched', result: session };
  });
}
