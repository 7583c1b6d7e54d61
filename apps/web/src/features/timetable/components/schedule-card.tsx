import type { TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import {
  cardLimits,
  cut,
  durationLabel,
  onlineClassAction,
  onlineExamStatus,
  timetableMessages,
} from '@campus/domain/timetable/timetable-rules';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { CutText } from '../../../components/cut-text.tsx';

export interface ScheduleCardProps {
  entry: TimetableEntry;
  isSchool: boolean;
  isParent: boolean;
  now: Date;
  onJoin: (entry: TimetableEntry) => void;
  onView: (entry: TimetableEntry) => void;
  onAttendance: (entry: TimetableEntry) => void;
  onStartExam: (entry: TimetableEntry) => void;
}

/**
 * A schedule card (spec part 2 §2.2): start time, duration, subject, course or batch (the label Batch hidden for
 * schools), topics, teachers with photos, description, class type and its actions.
 */
export function ScheduleCard({
  entry,
  isSchool,
  isParent,
  now,
  onJoin,
  onView,
  onAttendance,
  onStartExam,
}: ScheduleCardProps) {
  const start = new Date(entry.start_datetime);
  const end = new Date(entry.end_datetime);
  const names = entry.teacher_name ? entry.teacher_name.split(', ') : [];
  const photos = entry.t_photo_url ? entry.t_photo_url.split(',') : [];
  const title = entry.subject_name || entry.session_name;
  const isOnline = entry.class_type === 'Online Class';
  const isClass = entry.class_type === 'Class' || isOnline;
  const action = onlineClassAction(start, end, now);
  const examStatus = entry.class_type === 'Online Exam' ? onlineExamStatus(start, end, now) : null;
  return (
    <Card withBorder radius="md" p="sm" component="article" aria-label={`${title} ${entry.start_time}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{cut(entry.start_time, cardLimits.startTime)}</Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {durationLabel(entry.duration)}
            </Text>
            <Badge variant="light">{entry.class_type}</Badge>
          </Group>
        </Group>
        {title && <CutText text={title} cut={(text) => cut(text, cardLimits.subject)} />}
        {entry.session_name && entry.subject_name && (
          <CutText size="sm" text={entry.session_name} cut={(text) => cut(text, cardLimits.topic)} />
        )}
        <Text size="sm">
          {!isSchool && (
            <Text span c="dimmed">
              Batch:{' '}
            </Text>
          )}
          <CutText component="span" text={entry.course} cut={(text) => cut(text, cardLimits.course)} />
        </Text>
        {entry.topics_covered && (
          <Text size="sm">
            <Text span c="dimmed">
              Topics:{' '}
            </Text>
            <CutText component="span" text={entry.topics_covered} cut={(text) => cut(text, cardLimits.topic)} />
          </Text>
        )}
        {names.length > 0 && (
          <Group gap="xs">
            <Avatar.Group>
              {names.map((name, index) => (
                <Avatar key={name} src={photos[index] || null} alt={name} radius="xl" size="sm">
                  {name.slice(0, 1)}
                </Avatar>
              ))}
            </Avatar.Group>
            <CutText size="sm" text={entry.teacher_name} cut={(text) => cut(text, cardLimits.teacher)} />
          </Group>
        )}
        {entry.description && (
          <CutText size="sm" c="dimmed" text={entry.description} cut={(text) => cut(text, cardLimits.description)} />
        )}
        <Group gap="xs" justify="flex-end">
          {isOnline && action !== 'view' && (
            <Button
              size="xs"
              // Greyed before the start: pressing it says so (spec part 2 §4).
              variant={action === 'notStarted' ? 'default' : 'filled'}
              c={action === 'notStarted' ? 'dimmed' : undefined}
              aria-disabled={action === 'notStarted'}
              onClick={() => onJoin(entry)}
            >
              Join
            </Button>
          )}
          {isOnline && action === 'view' && (
            <Button size="xs" variant="light" onClick={() => onView(entry)}>
              View
            </Button>
          )}
          {examStatus && (
            <>
              <Badge color={examStatus === 'Ongoing' ? 'green' : examStatus === 'Upcoming' ? 'blue' : 'gray'}>
                {examStatus}
              </Badge>
              <Button size="xs" disabled={examStatus !== 'Ongoing' && !isParent} onClick={() => onStartExam(entry)}>
                Start
              </Button>
            </>
          )}
          {isClass && (
            <Button size="xs" variant="outline" onClick={() => onAttendance(entry)}>
              Attendance
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export { timetableMessages };
