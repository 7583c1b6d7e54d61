import type { Session } from '@campus/domain/auth/auth.contract';
import { passwordChangedMessage, validatePasswordChange } from '@campus/domain/auth/password-change';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useChangePasswordMutation } from '../api/change-password.ts';
import { showToast } from '../../../components/toast.ts';
import { Modal } from '../../../components/lazy-modal.tsx';

/** The user is logged out this long after a password change (spec part 1 §4, §9). */
export const logoutAfterPasswordChangeMs = 2000;

/** What the dialog needs of the session. */
export type PasswordOwner = Pick<
  Session,
  | 'institute_id'
  | 'user_id'
  | 'parent_id'
  | 'parentslogin'
  | 'student_phone'
  | 'parent_num'
  | 'email_id'
  | 'student_auth'
>;

export interface ChangePasswordDialogProps {
  opened: boolean;
  owner: PasswordOwner;
  /** Send the owner's credential instead of the stored session's (a login that is not kept yet). */
  withOwnCredential?: boolean;
  onClose: () => void;
  /** Called 2 s after the change succeeded: the caller logs out. */
  onPasswordChanged: () => void;
}

/**
 * Change Password (spec part 1 §5): existing, new and retyped password. A parent changes the parent's password
 * (by parent id). Used after a temporary-password login and from the Profile screen.
 */
export function ChangePasswordDialog({
  opened,
  owner,
  withOwnCredential,
  onClose,
  onPasswordChanged,
}: ChangePasswordDialogProps) {
  const [existing, setExisting] = useState('');
  const [next, setNext] = useState('');
  const [retyped, setRetyped] = useState('');
  const [error, setError] = useState<string>();
  const [isDone, setIsDone] = useState(false);
  const { mutateAsync, isPending } = useChangePasswordMutation();
  const logoutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(logoutTimer.current), []);

  const isParent = owner.parent_id !== null && owner.parent_id !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordChange({ existing, next, retyped });
    setError(invalid);
    if (invalid) return;
    try {
      await mutateAsync({
        body: {
          institute_id: owner.institute_id,
          username: owner.parentslogin ? owner.parent_num : owner.student_phone || owner.email_id,
          oldPassword: existing,
          newPassword: next,
          userid: owner.parent_id ?? owner.user_id,
        },
        authorization: withOwnCredential ? owner.student_auth : undefined,
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    setIsDone(true);
    showToast(passwordChangedMessage(isParent), 'success');
    logoutTimer.current = setTimeout(onPasswordChanged, logoutAfterPasswordChangeMs);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Change Password"
      centered
      closeOnClickOutside={false}
      withCloseButton={!isDone}
      closeOnEscape={!isDone}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Existing Password"
            autoComplete="current-password"
            value={existing}
            onChange={(event) => setExisting(event.currentTarget.value)}
            visibilityToggleFocusable
            data-autofocus
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
            visibilityToggleFocusable
          />
          <PasswordInput
            label="Retype New Password"
            autoComplete="new-password"
            value={retyped}
            onChange={(event) => setRetyped(event.currentTarget.value)}
            visibilityToggleFocusable
          />
          {error && (
            <Text c="red" role="alert" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={isPending} disabled={isDone}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
