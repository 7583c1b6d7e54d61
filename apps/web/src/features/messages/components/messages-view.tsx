import { groupMessagesByDay, noMessagesText } from '@campus/domain/messages/messages-rules';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast } from '../../../components/toast.ts';
import { deviceTimeZone } from '../../../lib/request.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useMessages } from '../api/get-messages.ts';

/**
 * Messages (spec part 2 §2.5): the texts sent to the account's phone, grouped by day (weekday and DD-MM-YYYY) on the
 * reader's own clock, each with its hh:mm A time; 'No Messages Yet!' when there are none. A 403 logs out (the api
 * client); another failure shows its message.
 */
export function MessagesView({ session }: { session: StoredSession }) {
  const { data, error, isLoading } = useMessages(session);
  const days = useMemo(() => groupMessagesByDay(data ?? [], deviceTimeZone()), [data]);

  useEffect(() => {
    if (error) showFailureToast(error);
  }, [error]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Messages
      </Title>
      {isLoading ? (
        <PageLoader label="Loading messages" />
      ) : error ? (
        <Text ta="center" py="lg" role="alert">
          {error.message}
        </Text>
      ) : days.length === 0 ? (
        <Text ta="center" py="lg">
          {noMessagesText}
        </Text>
      ) : (
        days.map((day) => (
          <section key={day.key} aria-label={`${day.weekday} ${day.date}`}>
            <Group gap="xs" mb="xs">
              <Title order={2} size="h5">
                {day.weekday}
              </Title>
              <Text size="sm">{day.date}</Text>
            </Group>
            <Stack gap="xs">
              {day.messages.map((message, index) => (
                <Paper key={index} withBorder p="sm" radius="md">
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
                  <Text size="xs" ta="right">
                    {message.time}
                  </Text>
                </Paper>
              ))}
            </Stack>
          </section>
        ))
      )}
    </Stack>
  );
}
