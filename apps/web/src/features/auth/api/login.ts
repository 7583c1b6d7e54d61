import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { normaliseLogin } from '@campus/domain/auth/login-rules';
import { useMutation } from '@tanstack/react-query';
import { call, type InputOf } from '../../../lib/api-client.ts';
import { getDeviceId } from '../../../lib/session.ts';

/** Login request timeout (spec part 1 §9). */
export const loginTimeoutMs = 5000;

/** What the screen sends (the login body but for the device id and source, which are added here). */
export type LoginRequest = Omit<InputOf<typeof authEndpoints.login>['body'], 'device_id' | 'source'>;

/** POST /api/v2/user/v3/login: answers a session, a list of profiles, or a reason the login stops. */
export function login(request: LoginRequest) {
  return call(
    authEndpoints.login,
    { body: { ...request, user_name: normaliseLogin(request.user_name), device_id: getDeviceId(), source: 'WEB' } },
    { auth: false, signal: AbortSignal.timeout(loginTimeoutMs) },
  );
}

export const useLoginMutation = () => useMutation({ mutationFn: login });
