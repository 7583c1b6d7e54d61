import { readAutoLogin, autoLoginParams } from '@campus/domain/auth/auto-login';
import { loginMessages, validateLogin } from '@campus/domain/auth/login-rules';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { clearSession } from '../../../lib/session.ts';
import type { LogoutState } from '../api/logout.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { SelectAcademicYearDialog } from './select-academic-year-dialog.tsx';
import { SelectProfileDialog } from './select-profile-dialog.tsx';

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
  const [login, setLogin] = useState(autoLogin?.login ?? '');
  const [password, setPassword] = useState(autoLogin?.password ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // A logout that carried a message (403) shows it once on arrival.
  const [notice, setNotice] = useState((location.state as LogoutState | null)?.logoutMessage);
  const signInFlow = useSignIn();
  const { step, signIn } = signInFlow;

  const send = (loginValue: string, passwordValue: string) => {
    const invalid = validateLogin(loginValue, passwordValue);
    setFieldError(invalid);
    if (!invalid) void signIn(loginValue, passwordValue);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(login, password);
  };

  useEffect(() => {
    if (!autoLogin) return;
    const timer = setTimeout(() => {
      // A link that signs someone in replaces whoever was signed in here.
      clearSession();
      const rest = new URLSearchParams(location.search);
      rest.delete(autoLoginParams.login);
      rest.delete(autoLoginParams.password);
      void navigate({ search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });
      send(autoLogin.login, autoLogin.password);
    }, autoLoginDelayMs);
    return () => clearTimeout(timer);
    // Runs once for the address the screen opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoLogin]);

  const loginError = fieldError && !passwordMessages.includes(fieldError) ? fieldError : undefined;
  const passwordError = fieldError && passwordMessages.includes(fieldError) ? fieldError : undefined;
  const showHome = window.location.href.includes('my-account');

  return (
    <>
      <form onSubmit={submit} noValidate style={{ width: '100%' }}>
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

      <AlertDialog
        message={step.kind === 'alert' ? step.message : notice}
        onClose={() => (step.kind === 'alert' ? signInFlow.dismiss() : setNotice(undefined))}
      />
      <ConfirmDialog
        message={step.kind === 'confirm-other-device' ? step.message : undefined}
        onConfirm={signInFlow.confirmOtherDevice}
        onCancel={signInFlow.dismiss}
      />
      <SelectProfileDialog
        entries={step.kind === 'choose-profile' ? step.entries : undefined}
        onSelect={signInFlow.chooseProfile}
        onClose={signInFlow.dismiss}
        busy={signInFlow.isPending}
      />
      <SelectAcademicYearDialog
        years={step.kind === 'choose-academic-year' ? step.session.student_acad_year : undefined}
        onSelect={signInFlow.chooseAcademicYear}
        onClose={signInFlow.cancel}
      />
      {step.kind === 'change-password' && (
        <ChangePasswordDialog
          opened
          owner={step.session}
          withOwnCredential
          onClose={signInFlow.cancel}
          onPasswordChanged={() => {
            signInFlow.cancel();
            setPassword('');
          }}
        />
      )}
      <ForgotPasswordDialog
        opened={isForgotOpen}
        instituteId={instituteId}
        onClose={() => setIsForgotOpen(false)}
        onSent={() => setNotice(loginMessages.forgotPasswordSent)}
      />
    </>
  );
}
