import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { normaliseLogin } from '@campus/domain/auth/login-rules';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { getDeviceId } from '../../../lib/session.ts';

/** Login request timeout (spec part 1 §9). */
export const loginTimeoutMs = 5000;

/** What the screen sends; the device id and source are added here. */
export interface LoginRequest {
  user_name: string;
  password: string;
  /** Set when retrying with a profile picked in Select Profile. */
  user_type?: number;
  user_id?: number;
  institute_id?: number;
  /** Set when the user agreed to be logged out on the other device (login_option 10). */
  logout_from_all_devices?: boolean;
}

/** POST /api/v2/user/v3/login: answers a session, a list of profiles, or a reason the login stops. */
export function login(request: LoginRequest) {
  return call(
    authEndpoints.login,
    { body: { ...request, user_name: normaliseLogin(request.user_name), device_id: getDeviceId(), source: 'WEB' } },
    { auth: false, signal: AbortSignal.timeout(loginTimeoutMs) },
  );
}

export const useLoginMutation = () => useMutation({ mutationFn: login });
