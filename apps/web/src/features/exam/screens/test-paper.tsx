// The panel's view mode lives outside the signed-in layout too, so it brings Mantine's full styles as the panel does.
import '@mantine/core/styles.css';
import { isBlankAnswer, parseChoices, parseMatching, questionTypes } from '@campus/domain/exam/exam-rules';
import type { PaperQuestion, PaperViewAnswer } from '@campus/domain/exam/exam.contract';
import { stripTags } from '@campus/domain/shared/text';
import { Alert, Badge, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { getPaper, openAttempt } from '../api/panel.ts';
import { PanelMessage } from '../panel/panel-message.tsx';
import { useLaunchCredential } from '../panel/use-launch-credential.ts';

/** Texts of the read-only paper (our design). */
export const paperTexts = {
  readOnly: 'Read only',
  noAttempt: 'Open the test from the exam desk.',
  opening: 'Opening the test…',
  loading: 'Loading the paper…',
  notTaken: 'You did not take this test.',
  keyLater: 'The correct answers are shown once nobody can take this test any more.',
  yourAnswer: 'Your answer',
  correct: 'Correct answer',
  notAnswered: 'Not answered',
} as const;

/** This window's view credential: a reload shows the paper again without the (single-window) launch token. */
const credentialKey = 'exam-view-credential';

/** The test panel's view mode: opened by the desk's View in a new window; the paper, read-only. */
export function TestPaperScreen() {
  const { credential, failure } = useLaunchCredential(credentialKey, async (token) => {
    const { attempt_token: viewToken, mode } = await openAttempt(token);
    if (mode !== 'view') throw new Error(paperTexts.noAttempt);
    return viewToken;
  });

  if (failure) return <Message text={failure} />;
  if (!credential) return <Message text={window.location.hash ? paperTexts.opening : paperTexts.noAttempt} />;
  return <PaperView credential={credential} />;
}

const Message = PanelMessage;

function PaperView({ credential }: { credential: string }) {
  const [paper, setPaper] = useState<PaperViewAnswer>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    getPaper(credential, controller.signal)
      .then(setPaper)
      .catch((failure: unknown) => {
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        setError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => controller.abort();
  }, [credential]);

  if (error) return <Message text={error} />;
  if (!paper) return <Message text={paperTexts.loading} />;
  const answers = new Map(paper.answers.map((answer) => [answer.question_no, answer.answer]));
  const keys = new Map(paper.keys.map((key) => [key.question_no, key.correct_answer]));
  const sectionName = (id: number) => paper.sections.find((section) => section.section_id === id)?.name;

  return (
    <Container size="md" px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={1} size="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {paper.test_name}
          </Title>
          <Badge size="lg" color="gray.8" style={{ flexShrink: 0 }}>
            {paperTexts.readOnly}
          </Badge>
        </Group>
        {paper.answers.length === 0 && <Text>{paperTexts.notTaken}</Text>}
        {paper.is_key_shown === 0 && (
          <Alert color="blue" variant="light">
            {paperTexts.keyLater}
          </Alert>
        )}
        {paper.questions.map((question, index) => {
          const previous = paper.questions[index - 1];
          const section = previous?.section_id !== question.section_id ? sectionName(question.section_id) : undefined;
          const passage =
            question.passage_id !== null && previous?.passage_id !== question.passage_id
              ? paper.passages.find((each) => each.passage_id === question.passage_id)
              : undefined;
          return (
            <Stack key={question.question_no} gap="sm">
              {section && (
                <Title order={2} size="h4">
                  {section}
                </Title>
              )}
              {passage && (
                <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)" aria-label="Passage" role="region">
                  <SafeHtml html={passage.text} />
                </Paper>
              )}
              <QuestionView
                question={question}
                answer={answers.get(question.question_no) ?? ''}
                correct={keys.get(question.question_no)}
              />
            </Stack>
          );
        })}
      </Stack>
    </Container>
  );
}

/** One question, read-only: its options with the student's choice and, when sent, the key marked in words. */
function QuestionView({ question, answer, correct }: { question: PaperQuestion; answer: string; correct?: string }) {
  const blank = isBlankAnswer(question.ques_type, answer);
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="section"
      aria-label={`Question ${question.question_no}`}
    >
      <Stack gap="sm">
        <Text fw={600}>
          Question {question.question_no}
          <Text span c="dimmed" size="sm">
            {' '}
            (+{question.marks}
            {question.negative_marks > 0 ? `, −${question.negative_marks}` : ''})
          </Text>
        </Text>
        <SafeHtml html={question.question} />
        {question.media?.media_type === 'image' && (
          <Image src={question.media.source_path} alt={`Figure for question ${question.question_no}`} maw={360} />
        )}
        <AnswerView question={question} answer={answer} correct={correct} />
        {blank && question.options.length > 0 && (
          <Text size="sm" c="dimmed">
            {paperTexts.notAnswered}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Marks of an option: the student's choice and the key's, as words a screen reader reads too. */
function Marks({ mine, right }: { mine: boolean; right: boolean }) {
  return (
    <Group gap={4} wrap="wrap" style={{ flexShrink: 0 }}>
      {mine && (
        <Badge color="blue.8" variant="filled">
          {paperTexts.yourAnswer}
        </Badge>
      )}
      {right && (
        <Badge color="teal.9" variant="filled">
          {paperTexts.correct}
        </Badge>
      )}
    </Group>
  );
}

function AnswerView({ question, answer, correct }: { question: PaperQuestion; answer: string; correct?: string }) {
  const type = question.ques_type;
  if (type === questionTypes.subjective) {
    return (
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {paperTexts.yourAnswer}
        </Text>
        <Paper withBorder p="sm" aria-label={paperTexts.yourAnswer} role="region">
          {/* The student's own text: shown as text, never as markup. */}
          {answer.trim() === '' ? (
            <Text c="dimmed">{paperTexts.notAnswered}</Text>
          ) : (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{stripTags(answer)}</Text>
          )}
        </Paper>
      </Stack>
    );
  }
  if (type === questionTypes.matchingPipe || type === questionTypes.matchingComma) {
    const mine = parseMatching(type, answer);
    const key = correct === undefined ? undefined : parseMatching(type, correct);
    const right = (letter: string | undefined) =>
      letter === undefined ? '—' : stripTags(question.match_options.find((each) => each.letter === letter)?.text ?? '');
    return (
      <Stack gap={6} role="list" aria-label={`Answer to question ${question.question_no}`}>
        {question.options.map((option) => (
          <Paper key={option.letter} withBorder p="sm" role="listitem">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {option.letter}. {stripTags(option.text)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {paperTexts.yourAnswer}: {right(mine.get(option.letter))}
            </Text>
            {key && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {paperTexts.correct}: {right(key.get(option.letter))}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }
  const chosen = type === questionTypes.multiple ? parseChoices(answer) : [answer.trim().toLowerCase()];
  const rightLetters = correct === undefined ? [] : parseChoices(correct);
  return (
    <Stack gap={6} role="list" aria-label={`Answer to question ${question.question_no}`}>
      {question.options.map((option) => (
        <Paper key={option.letter} withBorder p="sm" mih={44} role="listitem">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text span fw={600}>
                {option.letter}.
              </Text>
              <SafeText html={option.text} />
            </Group>
            <Marks mine={chosen.includes(option.letter)} right={rightLetters.includes(option.letter)} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Sanitised HTML (the server's) laid out inline and wrapped anywhere, as the panel's options are. */
function SafeText({ html }: { html: string }) {
  return <span style={{ minWidth: 0, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
