import type { Session } from '@campus/domain/auth/auth.contract';
import type { App } from '../src/app.ts';
import { demoPassword } from '../src/db/seed/demo-accounts.ts';
import { waitForJobs } from './jobs.ts';

export const testDevice = 'test-device-1';

/** Calls the login route; `host` picks the institute, `ip` the client address (for per-IP limits). */
export function postLogin(
  app: App,
  body: Record<string, unknown>,
  { host = 'localhost', ip = '10.0.0.1' }: { host?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/user/v3/login',
    headers: { host },
    remoteAddress: ip,
    payload: { device_id: testDevice, source: 'WEB', password: demoPassword, ...body },
  });
}

/** Signs in and answers the session, failing loudly when the login does not end in one. */
export async function signIn(
  app: App,
  body: Record<string, unknown>,
  options: { host?: string; ip?: string } = {},
): Promise<Session> {
  const response = await postLogin(app, body, options);
  const result = response.json().result;
  if (response.statusCode !== 200 || !result || Array.isArray(result) || !('student_auth' in result)) {
    throw new Error(`login did not sign in: ${response.statusCode} ${response.body}`);
  }
  return result as Session;
}

/** An authenticated GET with the session's credential. */
export function getAs(app: App, credential: string, url: string, host = 'localhost') {
  return app.inject({ method: 'GET', url, headers: { authorization: credential, host } });
}

/**
 * Calls forgot password from `ip`, and answers once its text has left: the sms-send job delivers it, so what the
 * gateway got is known when the job queue has drained.
 */
export async function postForgotPassword(app: App, payload: Record<string, unknown>, ip: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v2/user/forgotPassword',
    remoteAddress: ip,
    payload: { source: 'WEB', ...payload },
  });
  await waitForJobs(app.jobs);
  return response;
}
