import { Anchor, Avatar, Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import type { StoredSession } from '../../../lib/session.ts';

const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

/** Who the header shows: the parent for a parent login, else the student. */
export function describeUser(session: StoredSession) {
  return session.parentslogin
    ? { name: session.parent_name || session.name, id: String(session.parent_id ?? ''), phone: session.parent_num }
    : { name: session.name, id: session.student_display_id, phone: session.student_phone };
}

/**
 * The profile popup of the header (spec part 1 §2): photo, name, ID (parent id or student display id), phone, a
 * link to Profile, Logout, and the Privacy Policy and Terms Of Service links when configured.
 */
export function ProfilePopover({ session, onLogout }: { session: StoredSession; onLogout: () => void }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = describeUser(session);
  const photo = session.photo_url || null;
  return (
    // The header is fixed, so its anchor never scrolls away: no need to hide a "detached" dropdown.
    <Popover
      hideDetached={false}
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width={280}
      shadow="md"
    >
      <Popover.Target>
        <UnstyledButton
          onClick={toggle}
          aria-label="Profile menu"
          aria-expanded={opened}
          style={{ borderRadius: '50%' }}
        >
          {/* No initials: visible text inside the button would have to be part of its name. */}
          <Avatar src={photo} alt={user.name} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" align="center">
          <Avatar src={photo} alt="" size="lg" />
          <Text fw={600} ta="center">
            {user.name}
          </Text>
          <Text size="sm">ID: {user.id || '-'}</Text>
          <Text size="sm">Phone: {user.phone || '-'}</Text>
          <Group gap="xs" w="100%" grow>
            <Button component={Link} to="/Profile" variant="default" onClick={close}>
              Profile
            </Button>
            <Button
              color="red"
              onClick={() => {
                close();
                onLogout();
              }}
            >
              Logout
            </Button>
          </Group>
          {(isWebAddress(session.privacy_policy_url) || isWebAddress(session.terms_and_condition_url)) && (
            <>
              <Divider w="100%" />
              <Group gap="md" justify="center">
                {isWebAddress(session.privacy_policy_url) && (
                  <Anchor href={session.privacy_policy_url} target="_blank" rel="noopener noreferrer" size="sm">
                    Privacy Policy
                  </Anchor>
                )}
                {isWebAddress(session.terms_and_condition_url) && (
                  <Anchor href={session.terms_and_condition_url} target="_blank" rel="noopener noreferrer" size="sm">
                    Terms Of Service
                  </Anchor>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
