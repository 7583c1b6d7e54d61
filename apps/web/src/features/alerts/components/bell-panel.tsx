import type { Alert } from '@campus/domain/alerts/alerts.contract';
import { formatInZone } from '@campus/domain/calendar/calendar';
import { profilePages } from '@campus/domain/profile/profile.page';
import { Anchor, Button, Group, Loader, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../../components/toast.ts';
import { useOpenForChild } from '../../auth/index.ts';
import { bellQuery } from '../api/bell.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { BellButton } from './bell-button.tsx';

/** Where alert settings are edited: the profile's alerts section. */
export const alertSettingsPath = `${profilePages.profile}?section=alerts`;

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One alert of the list: its whole text (never cut), when it came, and a dot while unread. */
function AlertRow({ alert, onOpen }: { alert: Alert; onOpen: (alert: Alert) => void }) {
  const when = formatInZone(new Date(alert.created_at), browserZone);
  return (
    <UnstyledButton
      onClick={() => onOpen(alert)}
      w="100%"
      mih={44}
      p="xs"
      // Its own height in the scrolling list: shrunk to fit a long list (a flex item's default), its words spilled
      // over the next alert.
      style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      bg={alert.read ? undefined : 'var(--mantine-color-blue-light)'}
    >
      {/* Said, not shown: the tint shows it. Part of the button's text, so its name is what it shows. */}
      {!alert.read && <VisuallyHidden>Unread: </VisuallyHidden>}
      <Text fw={alert.read ? 500 : 700} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {alert.title}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {alert.body}
      </Text>
      <Text size="xs" c="dimmed">
        {when.date} {when.time}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The bell's list (issue 31): the newest alerts, unread first in colour; opening one marks it read and goes to its
 * screen, on the child it is about (a parent viewing another child switches). Mark all read, and a way to the
 * settings.
 */
export default function BellPanel({ openOnMount }: { openOnMount: boolean }) {
  const [opened, { toggle, close }] = useDisclosure(openOnMount);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openOnMount) target.current?.focus();
  }, [openOnMount]);
  const { data, isPending, isError, refetch } = useQuery({ ...bellQuery(), enabled: true });
  const markRead = useMarkRead();
  const openForChild = useOpenForChild();

  const open = async (alert: Alert) => {
    close();
    // Read first: a switch to another child ends the session the mark would be sent with.
    if (!alert.read) await markRead.mutateAsync([alert.alert_id]).catch(() => undefined);
    await openForChild(alert.student_id, alert.path).catch(() =>
      showToast('This alert could not be opened. Please try again.', 'error'),
    );
  };
  const unreadIds = data?.alerts.filter((alert) => !alert.read).map((alert) => alert.alert_id) ?? [];

  return (
    <Popover
      hideDetached={false}
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      onOpen={() => void refetch()}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
    >
      <Popover.Target>
        <BellButton ref={target} onClick={toggle} isOpen={opened} />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" wrap="nowrap" px="xs" pb="xs">
          <Text fw={700} component="h2" size="md" m={0}>
            Alerts
          </Text>
          {unreadIds.length > 0 && (
            <Button variant="subtle" size="compact-sm" mih={44} onClick={() => markRead.mutate(unreadIds)}>
              Mark all read
            </Button>
          )}
        </Group>
        <Stack gap={4} mah="min(70vh, 520px)" style={{ overflowY: 'auto' }}>
          {isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Loading alerts" />
            </Group>
          ) : isError ? (
            <Text size="sm" p="xs">
              Alerts could not be loaded. Check your connection and open the bell again.
            </Text>
          ) : data.alerts.length === 0 ? (
            <Text size="sm" p="xs">
              No alerts yet. Absences, fees due, homework, results and notices will show here.
            </Text>
          ) : (
            data.alerts.map((alert) => (
              <AlertRow key={alert.alert_id} alert={alert} onOpen={(alert) => void open(alert)} />
            ))
          )}
        </Stack>
        <Anchor component={Link} to={alertSettingsPath} onClick={close} size="sm" display="block" p="xs" mih={44}>
          Alert settings
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
