import {
  academicYearsAnswerSchema,
  changePasswordBodySchema,
  forgotPasswordAnswerSchema,
  forgotPasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  messageAnswerSchema,
  ssoExchangeAnswerSchema,
  ssoExchangeBodySchema,
  ssoLinkAnswerSchema,
  ssoLinkBodySchema,
} from '@campus/domain/auth/auth.contract';
import { loginMessages } from '@campus/domain/auth/login-rules';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { assertOwnInstitute, requireAuth } from '../../plugins/auth.ts';
import { findInstituteYears, revokeSessions } from './auth.repository.ts';
import { logIn } from './login.service.ts';
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

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod<{ sms: SmsSender; rateLimits: AuthRateLimits }> = async (
  app,
  options,
) => {
  const hostInstitute = async (request: FastifyRequest) => {
    const instituteId = await app.instituteIdOfHost(request);
    if (instituteId === undefined) throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
    return instituteId;
  };

  app.post(
    '/api/v2/user/v3/login',
    {
      config: perMinute(options.rateLimits.loginPerMinute),
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginAnswerSchema, ...errors } },
    },
    async (request) => logIn(app.db, await hostInstitute(request), request.body, app.now(), request.ip),
  );

  app.post(
    '/api/v2/user/forgotPassword',
    {
      config: perMinute(options.rateLimits.forgotPasswordPerMinute),
      schema: {
        tags: ['auth'],
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const instituteId = await hostInstitute(request);
      if (request.body.institute_id !== undefined && request.body.institute_id !== instituteId) {
        throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
      }
      const result = await sendTemporaryPassword(app.db, options.sms, {
        instituteId,
        phone: request.body.user_name,
        choiceId: request.body.choice_id,
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
  );

  app.get(
    '/api/v1/academicYear/all/:instituteId',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ instituteId: z.coerce.number().int().positive() }),
        response: { 200: academicYearsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      assertOwnInstitute(request, request.params.instituteId);
      const years = await findInstituteYears(app.db, request.params.instituteId);
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
    },
  );

  app.get(
    '/api/v1/alternateLogin/logout',
    {
      config: { allowDuringPasswordChange: true },
      schema: {
        tags: ['auth'],
        querystring: z.object({ deviceId: z.string().max(100).optional() }),
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.query.deviceId !== undefined && request.query.deviceId !== auth.deviceId) {
        throw new AppError(400, 'BAD_REQUEST', 'deviceId does not match this login');
      }
      await revokeSessions(app.db, auth.instituteId, auth.accountUserId, app.now(), { deviceId: auth.deviceId });
      return { statusCode: 200, message: 'Logged out successfully' };
    },
  );

  app.post(
    '/api/v1/changePwd',
    {
      config: { allowDuringPasswordChange: true },
      schema: { tags: ['auth'], body: changePasswordBodySchema, response: { 200: messageAnswerSchema, ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertOwnInstitute(request, request.body.institute_id);
      // Parents change the parent's own password (spec part 1 §6): the id must be the signed-in account's.
      if (request.body.userid !== auth.accountUserId) {
        throw new AppError(403, 'FORBIDDEN', 'You may only change your own password');
      }
      const message = await changePassword(app.db, {
        instituteId: auth.instituteId,
        accountUserId: auth.accountUserId,
        loginId: auth.loginId,
        isParent: auth.isParent,
        oldPassword: request.body.oldPassword,
        newPassword: request.body.newPassword,
        now: app.now(),
      });
      return { statusCode: 200, message };
    },
  );

  app.post(
    '/api/v1/sso/link',
    {
      schema: { tags: ['sso'], body: ssoLinkBodySchema, response: { 200: ssoLinkAnswerSchema, ...errors } },
    },
    async (request) => {
      const port = request.port && ![80, 443].includes(request.port) ? `:${request.port}` : '';
      return mintSsoLink(app.db, {
        instituteId: request.apiInstituteId!,
        login: request.body.login,
        redirectUrl: request.body.redirect_url,
        now: app.now(),
        origin: (host) => `${request.protocol}://${host}${port}`,
      });
    },
  );

  app.post(
    '/prod/ext/sso/login',
    {
      config: perMinute(options.rateLimits.ssoPerMinute),
      schema: { tags: ['sso'], body: ssoExchangeBodySchema, response: { 200: ssoExchangeAnswerSchema, ...errors } },
    },
    async (request) => ({ data: { result: await exchangeSsoToken(app.db, request.body.token, app.now()) } }),
  );
};
