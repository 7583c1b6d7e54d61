import { autoLoginParams, isSessionLogin, readAutoLogin } from '@campus/domain/auth/auto-login';
import { loginMessages, validateLogin } from '@campus/domain/auth/login-rules';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { clearSession, loadSession, type StoredSession } from '../../../lib/session.ts';
import { logout, type LogoutState } from '../api/logout.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';

// The popups (and the dialog machinery they bring) load apart from the form: most visits never open one.
const loadDialogs = () => import('./login-dialogs.tsx');
const LoginDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.LoginDialogs })));

/** Auto login waits this long before sending (spec part 1 §9). */
export const autoLoginDelayMs = 700;

/** Messages that belong to the Password field; the others belong to the Login field. */
const passwordMessages: string[] = [loginMessages.passwordRequired, loginMessages.passwordTooShort];

/**
 * The sign-in form of spec part 1 §2 with its popups: Select Profile, the other-device prompt, Select Academic
 * Year, Change Password (after a temporary password), Alert, Forgot Password and 'Forgot Password For'.
 */
export function LoginForm({ instituteId }: { instituteId: number | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Read once: the address loses the parameters when the form is sent.
  const [autoLogin] = useState(() => readAutoLogin(searchParams));
  // Another user's session open here when an auto-login address arrives: ask before replacing it (login CSRF).
  const [switchFrom, setSwitchFrom] = useState<StoredSession | undefined>(() => {
    const current = autoLogin && loadSession(new Date());
    return current && !isSessionLogin(current, autoLogin.login) ? current : undefined;
  });
  const [login, setLogin] = useState(autoLogin?.login ?? '');
  const [password, setPassword] = useState(autoLogin?.password ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // A logout that carried a message (403) shows it once on arrival.
  const [notice, setNotice] = useState((location.state as LogoutState | null)?.logoutMessage);
  const signInFlow = useSignIn();
  const { step, signIn } = signInFlow;
  // Mounted from the first popup on, so closing ones can finish their transition.
  const [hasDialogs, setHasDialogs] = useState(false);
  if (!hasDialogs && (step.kind !== 'idle' || notice !== undefined || isForgotOpen || switchFrom)) setHasDialogs(true);

  const send = (loginValue: string, passwordValue: string) => {
    const invalid = validateLogin(loginValue, passwordValue);
    setFieldError(invalid);
    if (!invalid) void signIn(loginValue, passwordValue);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(login, password);
  };

  /** Drops the parameters from the address, clears any session here and signs in with them. */
  const autoSignIn = (link: { login: string; password: string }) => {
    clearSession();
    const rest = new URLSearchParams(location.search);
    rest.delete(autoLoginParams.login);
    rest.delete(autoLoginParams.password);
    void navigate({ search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });
    send(link.login, link.password);
  };

  useEffect(() => {
    // Another user's session waits for the answer to the switch question instead.
    if (!autoLogin || switchFrom) return;
    // A link for the signed-in user (or with nobody signed in) signs in as before.
    const timer = setTimeout(() => autoSignIn(autoLogin), autoLoginDelayMs);
    return () => clearTimeout(timer);
    // Runs once for the address the screen opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoLogin]);

  const switchAccount = async () => {
    const current = switchFrom!;
    setSwitchFrom(undefined);
    // End the replaced session on the server too; a server that does not answer does not stop the switch.
    await logout(current.device_id).catch(() => undefined);
    autoSignIn(autoLogin!);
  };

  // Declined: the current session stays, and the address (with the password) is left behind.
  const staySignedIn = () => {
    setSwitchFrom(undefined);
    setLogin('');
    setPassword('');
    void navigate('/dashboard', { replace: true });
  };

  const loginError = fieldError && !passwordMessages.includes(fieldError) ? fieldError : undefined;
  const passwordError = fieldError && passwordMessages.includes(fieldError) ? fieldError : undefined;
  const showHome = window.location.href.includes('my-account');

  return (
    <>
      {/* Fetch the popups as soon as the user starts on the form, so the first one opens at once. */}
      <form onSubmit={submit} onFocus={() => void loadDialogs()} noValidate style={{ width: '100%' }}>
        <Stack gap="md">
          <Title order={2} size="h4" ta="center">
            Sign In to your account
          </Title>
          <TextInput
            label="Login"
            placeholder="Email or Phone Number"
            autoComplete="username"
            value={login}
            onChange={(event) => setLogin(event.currentTarget.value)}
            error={loginError}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          />
          <Button type="submit" fullWidth loading={signInFlow.isPending}>
            Login
          </Button>
          <Group justify={showHome ? 'space-between' : 'flex-end'}>
            {showHome && (
              <Button variant="subtle" onClick={() => window.location.assign(window.location.origin)}>
                Home
              </Button>
            )}
            <Anchor component="button" type="button" size="sm" onClick={() => setIsForgotOpen(true)}>
              Forgot Password
            </Anchor>
          </Group>
        </Stack>
      </form>

      {hasDialogs && (
        <Suspense fallback={null}>
          <LoginDialogs
            signInFlow={signInFlow}
            notice={notice}
            onNoticeClose={() => setNotice(undefined)}
            isForgotOpen={isForgotOpen}
            onForgotClose={() => setIsForgotOpen(false)}
            onNewPasswordSent={() => setNotice(loginMessages.forgotPasswordSent)}
            instituteId={instituteId}
            onPasswordChanged={() => setPassword('')}
            switchPrompt={
              switchFrom && autoLogin
                ? {
                    currentName: switchFrom.name,
                    login: autoLogin.login,
                    onConfirm: switchAccount,
                    onCancel: staySignedIn,
                  }
                : undefined
            }
          />
        </Suspense>
      )}
    </>
  );
}
