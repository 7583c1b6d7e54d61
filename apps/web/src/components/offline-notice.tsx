import { Paper, Text } from '@mantine/core';
import { useOfflineSince } from '../lib/offline-query.ts';
import type { OfflineOwnerSource } from '../lib/offline-store.ts';

/** The mark on a screen showing kept data: 'Offline · showing data from 23 Nov 2026, 04:35 PM'. */
export function offlineNoticeText(fetchedAt: number): string {
  const at = new Date(fetchedAt);
  const month = at.toLocaleString('en-US', { month: 'short' });
  const pad = (value: number) => String(value).padStart(2, '0');
  const hour = at.getHours() % 12 || 12;
  const meridiem = at.getHours() < 12 ? 'AM' : 'PM';
  return (
    `Offline · showing data from ${pad(at.getDate())} ${month} ${at.getFullYear()}, ` +
    `${pad(hour)}:${pad(at.getMinutes())} ${meridiem}`
  );
}

/**
 * Above the screen while any of its data came from the offline copy rather than the network (keepOffline), with
 * the time the oldest of it was fetched; gone as soon as a fresh answer replaces it.
 */
export function OfflineNotice({ session }: { session: OfflineOwnerSource }) {
  const fetchedAt = useOfflineSince(session);
  if (fetchedAt === null) return null;
  return (
    // Paper and Text are in the first load already; an Alert would be one more script on every signed-in screen.
    <Paper bg="yellow.1" c="dark.9" px="md" py="xs" mb="md" radius="md" role="status" data-offline-notice>
      <Text fw={600} size="sm">
        {offlineNoticeText(fetchedAt)}
      </Text>
    </Paper>
  );
}
