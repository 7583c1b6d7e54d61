import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../../../components/lazy-modal.tsx';

/** Saves the dialog's value; answers the message to show when it could not, or undefined once saved. */
export type SaveField = () => Promise<string | undefined>;

export interface EditDialogProps {
  title: string;
  onClose: () => void;
  /** Checks the value and saves it; undefined means nothing to send yet (Save stays disabled). */
  onSave: SaveField | undefined;
  children: ReactNode;
}

/** A profile edit popup: the field, a message line (check or server answer), Cancel and Save. */
export function EditDialog({ title, onClose, onSave, children }: EditDialogProps) {
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!onSave || isSaving) return;
    setIsSaving(true);
    setError(undefined);
    const problem = await onSave();
    setIsSaving(false);
    if (problem) setError(problem);
  };

  return (
    <Modal opened onClose={onClose} title={title} centered closeOnClickOutside={!isSaving}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {children}
          {error && (
            <Text c="red.8" role="alert" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving} disabled={!onSave}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
