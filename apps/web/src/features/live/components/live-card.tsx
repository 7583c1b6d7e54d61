import type { LiveSession } from '@campus/domain/live/live.contract';
import { cutLiveName, liveState, liveStateLabel } from '@campus/domain/live/live-rules';
import { minutesBetween } from '@campus/domain/timetable/timetable-rules';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { CutText } from '../../../components/cut-text.tsx';
import { useNow } from '../../../lib/use-now.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });

export interface LiveCardProps {
  item: LiveSession;
  isSchool: boolean;
  /** Today's and upcoming cards show the state and Join; past ones only View. */
  live: boolean;
  onJoin: (item: LiveSession) => void;
  onView: (item: LiveSession) => void;
}

/** A live class card (spec part 1 §2): every field, 'Ongoing' or a live countdown, Join, View with recordings. */
export function LiveCard({ item, isSchool, live, onJoin, onView }: LiveCardProps) {
  const now = useNow(1000);
  const start = new Date(item.start_datetime);
  const end = new Date(item.end_datetime);
  const state = liveState(start, end, now);
  const names = item.teachersName ? item.teachersName.split(', ') : [];
  const photos = item.t_photo_url ? item.t_photo_url.split(',') : [];
  const course = item.course_list.map((entry) => entry.course_name).join(', ');
  return (
    <Card withBorder radius="md" p="md" aria-label={item.session_name} component="article">
      <Stack gap={6}>
        {/* The name wraps and the state badge keeps its width: a squeezed badge read 'ONG…' even on a desktop. */}
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <CutText
            fw={600}
            text={item.session_name}
            cut={cutLiveName}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          />
          {live && state.kind !== 'ended' && (
            <Badge
              color={state.kind === 'ongoing' ? 'teal.9' : 'blue'}
              variant={state.kind === 'ongoing' ? 'filled' : 'light'}
              style={{ flexShrink: 0 }}
            >
              {/* White on teal.9 is 5.0:1; on green.9 only 4.4:1, under what axe asks of small text. */}
              {liveStateLabel(state)}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {time(item.start_datetime)} - {time(item.end_datetime)} · {minutesBetween(start, end)} mins
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {isSchool ? 'Section' : 'Batch Name'}:{' '}
          </Text>
          <CutText component="span" text={course} cut={cutLiveName} />
        </Text>
        {names.length > 0 && (
          <Group gap="xs">
            <Avatar.Group>
              {names.map((name, index) => (
                <Avatar key={name} src={photos[index] || null} alt={name} radius="xl" size="sm">
                  {name.slice(0, 1)}
                </Avatar>
              ))}
            </Avatar.Group>
            <Text size="sm">{item.teachersName}</Text>
          </Group>
        )}
        <Group gap="xs" justify="flex-end">
          {live && state.kind !== 'ended' && (
            <Button size="xs" onClick={() => onJoin(item)}>
              Join
            </Button>
          )}
          {item.download_links.length > 0 && (
            <Button size="xs" variant="light" onClick={() => onView(item)}>
              View
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
