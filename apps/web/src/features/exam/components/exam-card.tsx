import { examNameLimit, formatDuration, genericExamNameLimit, truncateExamName } from '@campus/domain/exam/exam-rules';
import type { ExamTest } from '@campus/domain/exam/exam.contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { CutText } from '../../../components/cut-text.tsx';

/** The words of each status's action (spec part 2 §4), and whether it opens the panel. */
const actions: Record<ExamTest['status'], { label: string; opens: boolean }> = {
  ongoing: { label: 'Start', opens: true },
  practice: { label: 'Start', opens: true },
  resume: { label: 'Resume', opens: true },
  view: { label: 'View', opens: false },
  upcoming: { label: 'Upcoming', opens: false },
  expired: { label: 'Expired', opens: false },
  exhausted: { label: 'Attempts used up', opens: false },
};

export interface ExamCardProps {
  test: ExamTest;
  /** The generic (product) card cuts names at 25 characters instead of 47. */
  generic?: boolean;
  isParent: boolean;
  onStart: (test: ExamTest) => void;
  onView: (test: ExamTest) => void;
  onParentRefused: () => void;
}

/** One exam: name, dates, duration and its status action. */
export function ExamCard({ test, generic = false, isParent, onStart, onView, onParentRefused }: ExamCardProps) {
  const action = actions[test.status];
  const takes = action.opens;
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={test.test_name}>
      <Stack gap={6}>
        {/* The name wraps and the tag keeps its width (it read 'PRACT…' on a phone). */}
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <CutText
            fw={600}
            text={test.test_name}
            cut={(name) => truncateExamName(name, generic ? genericExamNameLimit : examNameLimit)}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          />
          {test.test_type_id === 2 && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              Practice
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {test.start_date} to {test.end_date}
        </Text>
        <Text size="sm">Duration: {formatDuration(test.duration)}</Text>
        <Group justify="flex-end">
          {takes ? (
            isParent ? (
              // Greyed for parents; pressing it says why.
              <Button variant="default" c="dimmed" aria-disabled onClick={onParentRefused}>
                {action.label}
              </Button>
            ) : (
              <Button onClick={() => onStart(test)}>{action.label}</Button>
            )
          ) : test.status === 'view' ? (
            <Button variant="light" onClick={() => onView(test)}>
              {action.label}
            </Button>
          ) : (
            <Button variant="default" disabled>
              {action.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
