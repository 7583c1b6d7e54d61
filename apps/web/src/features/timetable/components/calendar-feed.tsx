import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showFailureToast } from '../../../components/toast.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { createFeed, feedStatusQuery, revokeFeed } from '../api/timetable.ts';

/**
 * The personal calendar feed: an ICS address a phone's calendar subscribes to. The server keeps only a hash of
 * its secret, so the address shows once, when made; making a new one replaces it, Revoke stops it at once.
 */
export function CalendarFeed({ session }: { session: StoredSession }) {
  const queryClient = useQueryClient();
  const status = useQuery(feedStatusQuery(session));
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (session.student_id === null) return null;
  const active = status.data?.result.active ?? false;

  async function run(action: () => Promise<{ result: { feed_url: string | null } }>) {
    setBusy(true);
    try {
      const answer = await action();
      setAddress(answer.result.feed_url);
      await queryClient.invalidateQueries({ queryKey: feedStatusQuery(session).queryKey });
    } catch (error) {
      showFailureToast(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Calendar feed">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Calendar feed
        </Title>
        <Text size="sm" c="dimmed">
          Subscribe to your timetable from your phone&apos;s calendar app.
        </Text>
        {address ? (
          <>
            <Group gap="xs" align="flex-end">
              <TextInput label="Calendar address" value={address} readOnly style={{ flex: 1 }} />
              <CopyButton value={address}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              This address is shown only now: copy it into your calendar app.
            </Text>
          </>
        ) : active ? (
          <Text size="sm">
            A calendar address is active (made {new Date(status.data!.result.created_at!).toLocaleDateString('en-GB')}).
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" loading={busy} onClick={() => void run(() => createFeed(session))}>
            {active ? 'Make a new address' : 'Get calendar address'}
          </Button>
          {active && (
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={busy}
              onClick={() => void run(() => revokeFeed(session))}
            >
              Revoke
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
