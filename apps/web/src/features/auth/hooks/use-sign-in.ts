import { needsAcademicYearChoice, selectedYearFields } from '@campus/domain/auth/academic-year';
import type { RoleEntry, Session } from '@campus/domain/auth/auth.contract';
import { withAcademicYear } from '@campus/domain/auth/credential';
import { deriveLoginOutcome, loginFailureMessage, loginMessages } from '@campus/domain/auth/login-rules';
import { describeHttpFailure } from '@campus/domain/shared/http-messages';
import { homePages } from '@campus/domain/home/home.page';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import {
  createStoredSession,
  forgetTokenLogin,
  saveSession,
  takeOrigin,
  type StoredSession,
} from '../../../lib/session.ts';
import { useLoginMutation, type LoginRequest } from '../api/login.ts';
import { logout } from '../api/logout.ts';

/** Where the sign-in stands: which popup the login screen shows. */
export type SignInStep =
  | { kind: 'idle' }
  | { kind: 'alert'; message: string }
  | { kind: 'choose-profile'; entries: RoleEntry[] }
  | { kind: 'confirm-other-device'; message: string }
  /** Signed in, but not stored yet: the user first picks a year or sets a new password. */
  | { kind: 'choose-academic-year'; session: StoredSession }
  | { kind: 'change-password'; session: StoredSession };

/** The message a failed login call shows (spec part 1 §8). */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return loginFailureMessage(error.status, error.serverMessage);
  return loginFailureMessage(null, undefined);
}

/**
 * The login flow of spec part 1 §4: send, then follow the answer — profiles to choose, another device to confirm,
 * an alert, or a session (after a new password or an academic year when needed) and the dashboard.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useLoginMutation();
  const [step, setStep] = useState<SignInStep>({ kind: 'idle' });
  // The request the current answer belongs to: retries repeat it with the profile or device choice added.
  const lastRequest = useRef<LoginRequest | null>(null);

  const finish = useCallback(
    (session: StoredSession) => {
      forgetTokenLogin();
      saveSession(session);
      setStep({ kind: 'idle' });
      void navigate(takeOrigin() ?? homePages.dashboard, { replace: true });
    },
    [navigate],
  );

  const attempt = useCallback(
    async (request: LoginRequest) => {
      lastRequest.current = request;
      setStep({ kind: 'idle' });
      let result: unknown;
      try {
        result = (await mutateAsync(request)).result;
      } catch (error) {
        setStep({ kind: 'alert', message: failureMessage(error) });
        return;
      }
      const outcome = deriveLoginOutcome(result);
      if (outcome.kind === 'alert') return setStep({ kind: 'alert', message: outcome.message });
      if (outcome.kind === 'confirm-other-device') {
        return setStep({ kind: 'confirm-other-device', message: outcome.message });
      }
      if (outcome.kind === 'choose-profile') {
        const entries = result as RoleEntry[];
        if (entries.length === 0) return setStep({ kind: 'alert', message: loginMessages.notAuthorized });
        return setStep({ kind: 'choose-profile', entries });
      }
      const session = createStoredSession(result as Session, new Date());
      if (session.must_change_password) return setStep({ kind: 'change-password', session });
      if (needsAcademicYearChoice(session)) return setStep({ kind: 'choose-academic-year', session });
      finish(session);
    },
    [mutateAsync, finish],
  );

  const signIn = useCallback((login: string, password: string) => attempt({ user_name: login, password }), [attempt]);

  /** Select Profile: the same login and password again, for the chosen profile. */
  const chooseProfile = (entry: RoleEntry) => {
    if (!lastRequest.current) return;
    const { user_name, password } = lastRequest.current;
    void attempt({
      user_name,
      password,
      user_type: entry.user_type,
      user_id: entry.user_id,
      institute_id: entry.institute_id,
    });
  };

  /** login_option 10 confirmed: the same request, logging the other devices out. */
  const confirmOtherDevice = () => {
    if (lastRequest.current) void attempt({ ...lastRequest.current, logout_from_all_devices: true });
  };

  /** Select Academic Year: the credential's year part is rewritten before the session is kept. */
  const chooseAcademicYear = (yearId: number) => {
    if (step.kind !== 'choose-academic-year') return;
    const { session } = step;
    try {
      finish({
        ...session,
        student_auth: withAcademicYear(session.student_auth, yearId),
        ...selectedYearFields(session, yearId),
      });
    } catch {
      setStep({ kind: 'alert', message: describeHttpFailure(0) });
    }
  };

  /** Leaves a half-finished sign-in: the server session made for it is revoked, nothing is kept. */
  const cancel = () => {
    if (step.kind === 'choose-academic-year' || step.kind === 'change-password') {
      void logout(step.session.device_id, step.session.student_auth).catch(() => undefined);
    }
    setStep({ kind: 'idle' });
  };

  const dismiss = () => setStep({ kind: 'idle' });

  return { step, isPending, signIn, chooseProfile, confirmOtherDevice, chooseAcademicYear, cancel, dismiss };
}
