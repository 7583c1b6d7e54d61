import { deskAction } from '@campus/domain/exam/desk-status';
import { examNameLimit, formatDuration, genericExamNameLimit, truncateExamName } from '@campus/domain/exam/exam-rules';
import type { ExamTest } from '@campus/domain/exam/exam.contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { CutText } from '../../../components/cut-text.tsx';

export interface ExamCardProps {
  test: ExamTest;
  /** The generic (product) card cuts names at 25 characters instead of 47. */
  generic?: boolean;
  isParent: boolean;
  /** Start, Resume and View: each opens the panel in a new window (View read-only). */
  onOpen: (test: ExamTest) => void;
  onParentRefused: () => void;
}

/** One exam: name, dates, duration and its status action (spec part 2 §4, exam/desk-status `deskAction`). */
export function ExamCard({ test, generic = false, isParent, onOpen, onParentRefused }: ExamCardProps) {
  const action = deskAction(test);
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
          {action === null ? (
            // Upcoming: an inert button (the desk lists no other status without an action).
            <Button variant="default" disabled>
              Upcoming
            </Button>
          ) : action.opens === 'take' && isParent ? (
            // Greyed for parents; pressing it says why.
            <Button variant="default" c="dimmed" aria-disabled onClick={onParentRefused}>
              {action.label}
            </Button>
          ) : (
            <Button variant={action.opens === 'view' ? 'light' : 'filled'} onClick={() => onOpen(test)}>
              {action.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
