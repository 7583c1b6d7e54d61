import type { Session } from '@campus/domain/auth/auth.contract';
import { deriveLoginOutcome } from '@campus/domain/auth/login-rules';
import { homePages } from '@campus/domain/home/home.page';
import { publicPages } from '@campus/domain/shell/pages';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { createStoredSession, rememberRedirectUrl, rememberTokenLogin, saveSession } from '../../../lib/session.ts';
import { exchangeSsoToken, type SsoResult } from '../api/exchange-sso-token.ts';
import { login } from '../api/login.ts';

// The popup and its styles load only for the account signed in elsewhere: the link page stays light.
const OtherDeviceDialog = lazy(() => import('./other-device-dialog.tsx'));

/** A link login goes on to the dashboard after this long (spec part 1 §9). */
export const tokenLoginRedirectMs = 1000;

/** Where a link login stands after a step. */
type LinkOutcome =
  | { kind: 'signed-in' }
  | { kind: 'failed' }
  /** The account is signed in on another device: the user decides (defect 3). */
  | { kind: 'other-device'; message: string; login: { user_name: string; password: string } }
  /** The login answered a reason it stops (blocked, fee dues, unregistered device): shown as it is. */
  | { kind: 'refused'; message: string };

/** Logs in with the link's key; the other-device question comes back to the screen instead of failing. */
async function logInWithKey(request: { user_name: string; password: string }, logoutElsewhere = false) {
  try {
    const answer = await login({ ...request, ...(logoutElsewhere ? { logout_from_all_devices: true } : {}) });
    const outcome = deriveLoginOutcome(answer.result);
    if (outcome.kind === 'confirm-other-device') {
      return { kind: 'other-device', message: outcome.message, login: request } satisfies LinkOutcome;
    }
    if (outcome.kind === 'alert') return { kind: 'refused', message: outcome.message } satisfies LinkOutcome;
    if (outcome.kind !== 'signed-in') return { kind: 'failed' } satisfies LinkOutcome;
    saveSession(createStoredSession(answer.result as Session, new Date()));
    return { kind: 'signed-in' } satisfies LinkOutcome;
  } catch {
    return { kind: 'failed' } satisfies LinkOutcome;
  }
}

/** Exchanges the token and logs in with what it gives. */
async function signInWithToken(token: string): Promise<LinkOutcome> {
  let result: SsoResult | null;
  try {
    result = await exchangeSsoToken(token);
  } catch {
    return { kind: 'failed' };
  }
  if (!result) return { kind: 'failed' };
  if (result.status !== 'success') {
    rememberRedirectUrl(result.redirect_url);
    return { kind: 'failed' };
  }
  rememberTokenLogin(result.redirect_url);
  return logInWithKey({ user_name: result.phone || result.email_id, password: result.key });
}

/** Text under the error page's own when a link login stopped for a reason the user can act on. */
export interface ErrorPageState {
  reason?: string;
}

/**
 * /userLogin?token=…: single sign-on by link (spec part 1 §4). A failure shows the error page; an account signed
 * in on another device is asked, as the login form asks, whether to sign in here (and out there); a login the
 * institute stops (blocked, fees) shows why on the error page.
 */
export function TokenLogin() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // The token is single use: the exchange must run once, even when React mounts twice in development.
  const hasStarted = useRef(false);
  const token = searchParams.get('token');
  const [question, setQuestion] = useState<Extract<LinkOutcome, { kind: 'other-device' }>>();

  const follow = useCallback(
    (outcome: LinkOutcome) => {
      if (outcome.kind === 'other-device') return setQuestion(outcome);
      if (outcome.kind === 'signed-in') {
        setTimeout(() => void navigate(homePages.dashboard, { replace: true }), tokenLoginRedirectMs);
        return;
      }
      const state: ErrorPageState = outcome.kind === 'refused' ? { reason: outcome.message } : {};
      void navigate(publicPages.error, { replace: true, state });
    },
    [navigate],
  );

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!token) {
      void navigate(publicPages.error, { replace: true });
      return;
    }
    void signInWithToken(token).then(follow);
  }, [token, navigate, follow]);

  const answer = (useHere: boolean) => {
    const asked = question!;
    setQuestion(undefined);
    if (useHere) void logInWithKey(asked.login, true).then(follow);
    else {
      const state: ErrorPageState = { reason: stayedElsewhereText };
      void navigate(publicPages.error, { replace: true, state });
    }
  };

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status">{question ? 'Waiting for your answer…' : 'Signing you in…'}</Text>
      </Stack>
      {question && (
        <Suspense fallback={null}>
          <OtherDeviceDialog
            message={question.message}
            title="Already signed in"
            onConfirm={() => answer(true)}
            onCancel={() => answer(false)}
          />
        </Suspense>
      )}
    </Center>
  );
}

/** Said on the error page when the user keeps the other device's session. */
export const stayedElsewhereText =
  'You stayed signed in on your other device. Open the link again to sign in here, or use the other device.';
