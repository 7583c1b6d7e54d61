import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from './lazy-modal.tsx';

export interface ErrorOverlayProps {
  message: string | undefined;
  actionLabel: string;
  onAction: () => void;
}

/** A blocking error over a screen that could not load; its one button leads elsewhere. */
export function ErrorOverlay({ message, actionLabel, onAction }: ErrorOverlayProps) {
  return (
    <Modal
      opened={message !== undefined}
      onClose={onAction}
      title="Something went wrong"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onAction} data-autofocus>
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
