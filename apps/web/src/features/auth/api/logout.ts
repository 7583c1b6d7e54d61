import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { publicPages } from '@campus/domain/shell/pages';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/api-client.ts';
import { clearSession, getSession, resetProductTab, tokenLoginRedirect } from '../../../lib/session.ts';

/** GET /api/v1/alternateLogin/logout: revokes the session on the server. */
export function logout(deviceId: string, authorization?: string) {
  return call(
    authEndpoints.logout,
    { query: { deviceId } },
    // A server that does not answer must not keep the user signed in.
    { authorization, signal: AbortSignal.timeout(5000) },
  );
}

/** What the login screen shows after a logout that carried a message (403, spec part 1 §4). */
export interface LogoutState {
  logoutMessage?: string;
}

// One logout at a time: the logout call itself may answer 403, which would ask for another.
let isLoggingOut = false;

/** True while a logout of this tab runs (it navigates itself, with its message). */
export const isLogoutInProgress = () => isLoggingOut;

/**
 * Logs out (spec part 1 §4): tells the server, then — whatever it answered — clears the session and cached data,
 * resets the product tab and goes to / (or back to the institute's address after a link login).
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (message?: string) => {
      if (isLoggingOut) return;
      isLoggingOut = true;
      try {
        const session = getSession();
        if (session) await logout(session.device_id).catch(() => undefined);
        const externalRedirect = tokenLoginRedirect();
        clearSession();
        resetProductTab();
        queryClient.clear();
        if (externalRedirect) {
          window.location.assign(externalRedirect);
          return;
        }
        const state: LogoutState = message ? { logoutMessage: message } : {};
        // The login screen's Alert says the message; a toast a screen showed for the same failure goes (defect 7).
        notifications.clean();
        await navigate(publicPages.signIn, { replace: true, state });
      } finally {
        isLoggingOut = false;
      }
    },
    [navigate, queryClient],
  );
}
