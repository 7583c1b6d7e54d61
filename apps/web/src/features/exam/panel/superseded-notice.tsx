import type { AnswerChange } from '@campus/domain/exam/exam.contract';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';

/** Texts of a panel window whose attempt continues in another window (our design, issue 27 item 4). */
export const supersededTexts = {
  title: 'This test continues in another window',
  body: 'The test was opened again in another window or on another device, and goes on there. This window no longer saves answers: close it and carry on in the other one.',
  unsent: (questions: readonly number[]) =>
    `Not saved from this window: question${questions.length === 1 ? '' : 's'} ${questions.join(', ')}. Answer ${
      questions.length === 1 ? 'it' : 'them'
    } again in the other window.`,
} as const;

/**
 * What the older panel window shows instead of the paper once the server says another window holds the attempt:
 * where the test went, and the changes made here that were not saved (nothing here looks saved).
 */
export function SupersededNotice({ testName, unsent }: { testName?: string; unsent: readonly AnswerChange[] }) {
  const questions = [...new Set(unsent.map((change) => change.question_no))].sort((a, b) => a - b);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        {testName && (
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {testName}
          </Title>
        )}
        <Alert color="orange" title={supersededTexts.title} role="alert">
          <Stack gap="xs">
            <Text size="sm">{supersededTexts.body}</Text>
            {questions.length > 0 && (
              <Text size="sm" fw={600}>
                {supersededTexts.unsent(questions)}
              </Text>
            )}
          </Stack>
        </Alert>
      </Stack>
    </Container>
  );
}
