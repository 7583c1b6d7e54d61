import { parseLogoutMessage } from '@campus/domain/auth/logout-message';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from './lazy-modal.tsx';

/**
 * The Alert popup with its Ok button (spec part 1 §2). A message carrying ': app_link :' shows its text and the
 * link (spec part 1 §4).
 */
export function AlertDialog({ message, onClose }: { message: string | undefined; onClose: () => void }) {
  const { text, link } = parseLogoutMessage(message ?? '');
  return (
    <Modal opened={message !== undefined} onClose={onClose} title="Alert" centered>
      <Stack gap="md">
        <Text>{text}</Text>
        {link && (
          <Anchor href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </Anchor>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Ok
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
