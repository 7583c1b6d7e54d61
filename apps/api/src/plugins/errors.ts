import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, codeForStatus } from '../errors.ts';
import { isRedisUnavailable } from '../lib/rate-limit-store.ts';

/** "body.user_name: too long" from the first validation issue, so the message names the field. */
function describeValidation(error: FastifyError): string {
  const issue = error.validation?.[0];
  if (!issue) return error.message;
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
  const field = [error.validationContext, path || missing].filter(Boolean).join('.');
  return field ? `${field}: ${issue.message ?? 'is invalid'}` : (issue.message ?? 'Invalid request');
}

/** The SQLSTATE of a database error, looking through Drizzle's wrapper. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const connectionErrors = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'];

/**
 * True when the database could not be reached or went away mid-query: SQLSTATE class 08 (connection
 * exception), 57P01–57P03 (shutdown, cannot connect now), a socket error, or the pool giving up on a
 * connection. Those are an outage (503, retry later), not a bug (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code) || connectionErrors.includes(code))
    ) {
      return true;
    }
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        current.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** What a stream or socket says when the other end went away: a premature close, a reset, a broken pipe. */
const closedConnectionCodes = ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED'];

/**
 * True when the client closed its connection before its answer was written (a phone leaving the screen while a
 * long answer streams) and the error is that close: nothing failed here, and there is no one left to answer.
 */
export function isClientGone(error: unknown, request: FastifyRequest): boolean {
  const closed = request.raw.aborted || request.raw.socket?.destroyed === true;
  const code = (error as { code?: unknown } | null)?.code;
  return closed && typeof code === 'string' && closedConnectionCodes.includes(code);
}

/** Answers of the failures the router meets before any route (and so before the error handler) runs. */
export const routerMessages = {
  tooLong: 'The address is too long.',
  badUrl: 'The address is not valid.',
} as const;

/**
 * Fastify's `frameworkErrors`: the router's own failures in the common `{code, message}` shape. Fastify's default
 * bodies quote the path, which may carry a signed file grant or other secrets, back to the client; these do not.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ code: 'BAD_REQUEST', message: routerMessages.tooLong });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ code: 'BAD_REQUEST', message: routerMessages.badUrl });
  }
  request.log.error({ err: error }, 'router failed');
  return reply.status(500).send({ code: 'INTERNAL', message: 'Internal Server Error' });
}

/** One error shape, `{code, message}`, for every failure; 5xx details are logged, never sent. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    // Not a server error: info, and no answer (Fastify sends none to a closed socket when this returns nothing).
    if (isClientGone(error, request)) {
      request.log.info({ err: error }, 'client closed the connection before the answer');
      return undefined;
    }
    // A panel request let through on a credential read earlier (auth.ts, `attemptUnread`) and refused before its
    // handler (a bad body): answer 401, as a fresh read would have before the body was looked at, when the
    // credential is no longer current.
    const unread = request.attemptUnread;
    if (unread && !(error instanceof AppError) && (error.validation || (error.statusCode ?? 500) < 500)) {
      request.attemptUnread = null;
      if (!(await unread.read().catch(() => true))) {
        const refusal = await unread.refusal();
        return reply.status(refusal.statusCode).send({ code: refusal.code, message: refusal.message });
      }
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: describeValidation(error) });
    }
    // Class 22 is "data exception": a value from the request the database cannot take (a NUL byte, an
    // out-of-range number, an impossible date). That is the client's input, not a server fault.
    if (sqlState(error)?.startsWith('22')) {
      return reply
        .status(400)
        .send({ code: 'BAD_REQUEST', message: 'The request holds a value that cannot be stored' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
    }
    if (isRedisUnavailable(error)) {
      request.log.warn({ err: error }, 'Redis (per-address limits) unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: 'UNAVAILABLE', message: 'Service Unavailable' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const code = status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
      const message = status === 503 ? 'Service Unavailable' : 'Internal Server Error';
      return reply.status(status).send({ code, message });
    }
    // Fastify's own 4xx messages (bad JSON, too large, wrong content type) are safe and useful to show.
    return reply.status(status).send({ code: codeForStatus(status), message: error.message });
  });
});
