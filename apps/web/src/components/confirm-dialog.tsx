import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from './lazy-modal.tsx';

export interface ConfirmDialogProps {
  message: string | undefined;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question in a popup; closing it counts as no. The focus starts on the safe choice (No), so a hurried
 * Enter does not log other devices out or submit late work (defect 11).
 */
export function ConfirmDialog({
  message,
  title = 'Confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={message !== undefined} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
