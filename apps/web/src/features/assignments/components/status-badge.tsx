import { displayStatus, type StudentStatus } from '@campus/domain/assignments/assignment-rules';
import { Badge } from '@mantine/core';

const colors: Record<ReturnType<typeof displayStatus>, string> = {
  Pending: 'yellow',
  Draft: 'gray',
  Submitted: 'teal',
  Evaluated: 'blue',
  'Not Submitted': 'orange',
  Expired: 'red',
};

/** The status a student sees: Evaluated once submitted work is evaluated (spec part 1 §4). */
export function StatusBadge({ status, teacherStatus }: { status: StudentStatus; teacherStatus: string }) {
  const shown = displayStatus(status, teacherStatus);
  return (
    // Tinted background, body-coloured text: the tint's own text colour is below AA on light tints.
    <Badge color={colors[shown]} variant="light" radius="sm" styles={{ label: { color: 'var(--mantine-color-text)' } }}>
      {shown}
    </Badge>
  );
}
