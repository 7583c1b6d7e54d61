import type { Session } from '@campus/domain/auth/auth.contract';
import { deriveLoginOutcome } from '@campus/domain/auth/login-rules';
import { publicPages, signedInPages } from '@campus/domain/shell/pages';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { createStoredSession, rememberRedirectUrl, rememberTokenLogin, saveSession } from '../../../lib/session.ts';
import { exchangeSsoToken, type SsoResult } from '../api/exchange-sso-token.ts';
import { login } from '../api/login.ts';

/** A link login goes on to the dashboard after this long (spec part 1 §9). */
export const tokenLoginRedirectMs = 1000;

/** Exchanges the token and logs in with what it gives; false when any step fails. */
async function signInWithToken(token: string): Promise<boolean> {
  let result: SsoResult | null;
  try {
    result = await exchangeSsoToken(token);
  } catch {
    return false;
  }
  if (!result) return false;
  if (result.status !== 'success') {
    rememberRedirectUrl(result.redirect_url);
    return false;
  }
  rememberTokenLogin(result.redirect_url);
  try {
    const answer = await login({ user_name: result.phone || result.email_id, password: result.key });
    if (deriveLoginOutcome(answer.result).kind !== 'signed-in') return false;
    saveSession(createStoredSession(answer.result as Session, new Date()));
    return true;
  } catch {
    return false;
  }
}

/** /userLogin?token=…: single sign-on by link (spec part 1 §4); any failure shows the error page. */
export function TokenLogin() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // The token is single use: the exchange must run once, even when React mounts twice in development.
  const hasStarted = useRef(false);
  const token = searchParams.get('token');

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!token) {
      void navigate(publicPages.error, { replace: true });
      return;
    }
    void signInWithToken(token).then((isSignedIn) => {
      if (!isSignedIn) {
        void navigate(publicPages.error, { replace: true });
        return;
      }
      setTimeout(() => void navigate(signedInPages.dashboard, { replace: true }), tokenLoginRedirectMs);
    });
  }, [token, navigate]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status">Signing you in…</Text>
      </Stack>
    </Center>
  );
}
