import { daysLeftBadge } from '@campus/domain/assignments/assignment-rules';
import type { AssignmentListItem } from '@campus/domain/assignments/assignments.contract';
import { assignmentDetailPath } from '@campus/domain/assignments/assignments.page';
import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDue } from '../format.ts';
import { StatusBadge } from './status-badge.tsx';

export interface AssignmentCardProps {
  assignment: AssignmentListItem;
  /** Ongoing cards carry the days-left badge; past ones do not. */
  isOngoing: boolean;
  isSchool: boolean;
}

/** One assignment of the list: title, subject, course, due date and time, status, badge and View. */
export function AssignmentCard({ assignment, isOngoing, isSchool }: AssignmentCardProps) {
  const titleId = useId();
  const due = formatDue(assignment.end_date);
  const badge = isOngoing ? daysLeftBadge(assignment.days_left, assignment.time_left) : undefined;
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {assignment.title}
          </Title>
          {badge && (
            <Badge color="red" variant="filled" tt="none" style={{ flexShrink: 0 }}>
              {badge}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            Subject:
          </Text>{' '}
          {assignment.subject_name}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {isSchool ? 'Standard:' : 'Course Name:'}
          </Text>{' '}
          {assignment.course_name}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Due Date:
          </Text>{' '}
          {due.date} {due.time}
        </Text>
        <Group justify="space-between" align="center" gap="sm">
          <StatusBadge status={assignment.student_status} teacherStatus={assignment.teacher_status} />
          <Button component={Link} to={assignmentDetailPath(assignment.file_id)} size="sm" variant="light">
            View<VisuallyHidden> {assignment.title}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
