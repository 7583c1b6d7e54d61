import '@mantine/core/styles.css';
import { switchAccountPrompt } from '@campus/domain/auth/auto-login';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { preloadModal } from '../../../components/lazy-modal.tsx';
import type { useSignIn } from '../hooks/use-sign-in.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { SelectAcademicYearDialog } from './select-academic-year-dialog.tsx';
import { SelectProfileDialog } from './select-profile-dialog.tsx';

// These dialogs open on the sign-in's answer, which may be a dropped connection ('Network Error'): the dialogs'
// code comes with this module, as the person starts typing, not when the answer arrives.
preloadModal();

export interface LoginDialogsProps {
  signInFlow: ReturnType<typeof useSignIn>;
  /** A message shown in the Alert popup outside the sign-in flow (logout message, new password sent). */
  notice: string | undefined;
  onNoticeClose: () => void;
  isForgotOpen: boolean;
  onForgotClose: () => void;
  onNewPasswordSent: () => void;
  instituteId: number | undefined;
  /** The temporary-password change is done: the user signs in again with the new password. */
  onPasswordChanged: () => void;
  /** An auto-login address for another user than the signed-in one: switch, or keep the current session. */
  switchPrompt?: { currentName: string; login: string; onConfirm: () => void; onCancel: () => void };
}

/**
 * The login screen's popups (spec part 1 §2): Alert, the other-device prompt, Select Profile, Select Academic Year,
 * Change Password, Forgot Password and 'Forgot Password For', and the switch-account question of an auto-login
 * address that arrives over another user's session. Loaded apart from the form, when first needed.
 */
export function LoginDialogs({
  signInFlow,
  notice,
  onNoticeClose,
  isForgotOpen,
  onForgotClose,
  onNewPasswordSent,
  instituteId,
  onPasswordChanged,
  switchPrompt,
}: LoginDialogsProps) {
  const { step } = signInFlow;
  return (
    <>
      <AlertDialog
        message={step.kind === 'alert' ? step.message : notice}
        onClose={step.kind === 'alert' ? signInFlow.dismiss : onNoticeClose}
      />
      <ConfirmDialog
        message={step.kind === 'confirm-other-device' ? step.message : undefined}
        onConfirm={signInFlow.confirmOtherDevice}
        onCancel={signInFlow.dismiss}
      />
      <ConfirmDialog
        title={switchAccountPrompt.title}
        message={switchPrompt && switchAccountPrompt.message(switchPrompt.currentName, switchPrompt.login)}
        confirmLabel={switchAccountPrompt.confirm}
        cancelLabel={switchAccountPrompt.cancel}
        onConfirm={() => switchPrompt?.onConfirm()}
        onCancel={() => switchPrompt?.onCancel()}
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
            onPasswordChanged();
          }}
        />
      )}
      <ForgotPasswordDialog
        opened={isForgotOpen}
        instituteId={instituteId}
        onClose={onForgotClose}
        onSent={onNewPasswordSent}
      />
    </>
  );
}
