import { profilePages } from '@campus/domain/profile/profile.page';
import { Anchor, Avatar, Button, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { StoredSession } from '../../../lib/session.ts';
import { describeUser, isWebAddress, ProfileButton } from './profile-popover.tsx';

/**
 * The profile popup of the header (spec part 1 §2): photo, name, ID (parent id or student display id), phone, a
 * link to Profile, Logout, and the Privacy Policy and Terms Of Service links when configured.
 */
export default function ProfilePopoverPanel({
  session,
  onLogout,
  openOnMount,
}: {
  session: StoredSession;
  onLogout: () => void;
  openOnMount: boolean;
}) {
  const [opened, { toggle, close }] = useDisclosure(openOnMount);
  const target = useRef<HTMLButtonElement>(null);
  // It replaced the stand-in button the user just pressed: keep the focus where it was.
  useEffect(() => {
    if (openOnMount) target.current?.focus();
  }, [openOnMount]);
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
        <ProfileButton ref={target} session={session} onClick={toggle} isOpen={opened} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" align="center">
          <Avatar src={photo} alt="" size="lg" />
          <Text fw={600} ta="center">
            {user.name}
          </Text>
          {user.parentOf && <Text size="sm">Parent of {user.parentOf}</Text>}
          <Text size="sm">ID: {user.id || '-'}</Text>
          <Text size="sm">Phone: {user.phone || '-'}</Text>
          <Group gap="xs" w="100%" grow>
            <Button component={Link} to={profilePages.profile} variant="default" onClick={close}>
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
