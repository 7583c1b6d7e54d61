import { cutLiveName, isWithinNextWeek, liveDayLabel } from '@campus/domain/live/live-rules';
import { livePages } from '@campus/domain/live/live.page';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CutText } from '../../../components/cut-text.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { localDate } from '../../../lib/local-date.ts';
import { useLiveWeek } from '../api/get-live-week.ts';
import { useNow } from '../../../lib/use-now.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });

/** Home's list of the live classes of the next 7 days (spec part 1 §2); hidden when there are none. */
export function LiveWeek({ session }: { session: StoredSession }) {
  const now = useNow(60_000);
  const today = localDate(now);
  const { data } = useLiveWeek(session, today);
  const classes = (data?.upcomingLiveClasses ?? []).filter(
    (item) =>
      isWithinNextWeek(localDate(new Date(item.start_datetime)), today) &&
      Date.parse(item.end_datetime) > now.getTime(),
  );
  if (classes.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Upcoming Live Classes">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Upcoming Live Classes
        </Title>
        {/* Named apart from the notice board's View All, so the two links read differently. */}
        {/* 44 px high: a finger's target, not a line of text. */}
        <Anchor
          component={Link}
          to={livePages.live}
          size="sm"
          aria-label="View All live classes"
          display="inline-flex"
          mih={44}
          style={{ alignItems: 'center' }}
        >
          View All
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {classes.map((item) => (
          <li key={item.session_id}>
            {/* Day and time stacked in one narrow column, so the name keeps most of a phone's width. */}
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={84}>
                <Text size="sm" fw={600}>
                  {liveDayLabel(localDate(new Date(item.start_datetime)), today, 'upcoming')}
                </Text>
                <Text size="sm">{time(item.start_datetime)}</Text>
              </Stack>
              <CutText size="sm" text={item.session_name} cut={cutLiveName} style={{ minWidth: 0 }} />
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
