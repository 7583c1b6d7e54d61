import type { ForgotPasswordChoice } from '@campus/domain/auth/auth.contract';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useForgotPasswordMutation } from '../api/forgot-password.ts';

/** Longest phone number the field takes (E.164). */
const maxPhoneLength = 15;

/**
 * Forgot Password (spec part 1 §2, §4, §5): a phone of digits only, Continue disabled while blank. A phone with
 * several accounts asks 'Forgot Password For' which one; a null answer means the new password was sent.
 */
export function ForgotPasswordDialog({
  opened,
  instituteId,
  onClose,
  onSent,
}: {
  opened: boolean;
  instituteId: number | undefined;
  onClose: () => void;
  onSent: () => void;
}) {
  const [phone, setPhone] = useState('');
  const [entries, setEntries] = useState<ForgotPasswordChoice[] | null>(null);
  const [error, setError] = useState<string>();
  const { mutateAsync, isPending } = useForgotPasswordMutation();

  const close = () => {
    setPhone('');
    setEntries(null);
    setError(undefined);
    onClose();
  };

  const send = async (choiceId?: string) => {
    setError(undefined);
    try {
      const answer = await mutateAsync({
        user_name: phone,
        ...(instituteId ? { institute_id: instituteId } : {}),
        ...(choiceId ? { choice_id: choiceId } : {}),
      });
      if (answer.result && answer.result.length > 0) {
        setEntries(answer.result);
        return;
      }
      close();
      onSent();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phone !== '') void send();
  };

  const errorText = error && (
    <Text c="red" role="alert" size="sm">
      {error}
    </Text>
  );

  return (
    <>
      <Modal opened={opened && entries === null} onClose={close} title="Forgot Password" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Phone Number"
              placeholder="Registered phone number"
              inputMode="numeric"
              autoComplete="tel"
              value={phone}
              maxLength={maxPhoneLength}
              // Digits only (spec part 1 §5): anything else is dropped as it is typed or pasted.
              onChange={(event) => setPhone(event.currentTarget.value.replace(/\D/g, '').slice(0, maxPhoneLength))}
              data-autofocus
            />
            {errorText}
            <Group justify="flex-end">
              <Button type="submit" disabled={phone === ''} loading={isPending}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={opened && entries !== null} onClose={close} title="Forgot Password For" centered>
        <Stack gap="md">
          {/* Nobody is signed in yet: the server names each account and nothing more. */}
          {(entries ?? []).map((entry) => (
            <UnstyledButton key={entry.choice_id} onClick={() => void send(entry.choice_id)} disabled={isPending}>
              <Paper withBorder p="sm">
                <Text fw={600}>{entry.display_name}</Text>
              </Paper>
            </UnstyledButton>
          ))}
          {errorText}
        </Stack>
      </Modal>
    </>
  );
}
