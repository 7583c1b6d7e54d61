import { isBlankAnswer } from '@campus/domain/exam/exam-rules';
import type { PaperQuestion, SavedAnswer } from '@campus/domain/exam/exam.contract';
import { Button, SimpleGrid, Text } from '@mantine/core';

/**
 * The colour of an answered question (the palette, the save state) with white text at WCAG AA (4.5:1): every Mantine
 * green shade is below it (green.8 3.4:1, green.9 4.4:1), teal.9 is 5.0:1.
 */
export const answeredColor = 'teal.9';

/** What the panel shows of a question's saved answer. */
export type Answer = Pick<SavedAnswer, 'answer' | 'marked_for_review' | 'bookmarked'>;

export const emptyAnswer: Answer = { answer: '', marked_for_review: false, bookmarked: false };

/** The numbered buttons that jump to a question, coloured by its state; `large` for a finger (the phone's sheet). */
export function QuestionPalette({
  questions,
  answers,
  current,
  onPick,
  large = false,
}: {
  questions: PaperQuestion[];
  answers: Map<number, Answer>;
  current: number;
  onPick: (questionNo: number) => void;
  large?: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={large ? 6 : 5} spacing={large ? 8 : 6} role="navigation" aria-label="Question palette">
        {questions.map((each) => {
          const saved = answers.get(each.question_no) ?? emptyAnswer;
          const answered = !isBlankAnswer(each.ques_type, saved.answer);
          const state = saved.marked_for_review ? 'marked' : answered ? 'answered' : 'not answered';
          return (
            <Button
              key={each.question_no}
              size={large ? 'md' : 'compact-sm'}
              h={large ? 44 : undefined}
              px={0}
              variant={each.question_no === current ? 'outline' : 'filled'}
              color={state === 'marked' ? 'violet' : state === 'answered' ? answeredColor : 'gray'}
              aria-label={`Question ${each.question_no}, ${state}`}
              aria-current={each.question_no === current}
              data-state={state}
              onClick={() => onPick(each.question_no)}
            >
              {each.question_no}
            </Button>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Green: answered · Grey: not answered · Violet: marked for review
      </Text>
    </>
  );
}
