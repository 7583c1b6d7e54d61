// The panel runs outside the signed-in layout, which brings Mantine's full styles: without them its badge, radios,
// checkboxes and palette are unstyled.
import '@mantine/core/styles.css';
import { formatCountdown, isBlankAnswer } from '@campus/domain/exam/exam-rules';
import type { AnswerChange, AttemptAnswer } from '@campus/domain/exam/exam.contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Drawer,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { openAttempt, saveAnswers, submitAttempt } from '../api/panel.ts';
import { attemptCredentialKey } from '../api/panel-requests.ts';
import { AnswerQueue } from '../panel/answer-queue.ts';
import { announceSubmitted } from '../panel/desk-channel.ts';
import { announceOpened, onOpenedElsewhere } from '../panel/attempt-channel.ts';
import { foldSavedIntoCopy, forgetAttemptCopy } from '../panel/attempt-copy.ts';
import { isNoAnswer, isSuperseded, loadAttempt } from '../panel/load-attempt.ts';
import { AnswerInput, choiceCard } from '../panel/answer-input.tsx';
import { answeredColor, emptyAnswer, QuestionPalette, type Answer } from '../panel/question-palette.tsx';
import { SupersededNotice } from '../panel/superseded-notice.tsx';
import { PanelMessage } from '../panel/panel-message.tsx';
import { useLaunchCredential } from '../panel/use-launch-credential.ts';
import { useReconnect } from '../panel/use-reconnect.ts';

/** Texts of the test panel (our design). */
export const panelTexts = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline',
  offlineNote: 'Your answers are kept on this device and sent when the connection returns.',
  openedOffline:
    'Opened without a connection, from the copy on this device. The time left follows the server’s clock as last seen; the panel reconnects by itself.',
  retry: 'Retry',
  noAttempt: 'Open the test from the exam desk.',
  submitTitle: 'Submit test',
  submitted: 'Your test has been submitted.',
  timeUp: 'Time is up. Your test has been submitted.',
  unanswered: (count: number) =>
    count === 0
      ? 'You have answered every question. Submit the test?'
      : `You have ${count} unanswered question${count === 1 ? '' : 's'}. Submit the test?`,
} as const;

const credentialKey = attemptCredentialKey;

type SaveState = 'saved' | 'saving' | 'offline';

/** Colours of the save state with white text at WCAG AA (4.5:1): red.9 5.5:1 where red.8 is just at the limit. */
const saveStateColors: Record<SaveState, string> = { saved: answeredColor, saving: 'blue.8', offline: 'red.9' };

/** Applies a change to the answers shown. */
function applyChange(answers: Map<number, Answer>, change: AnswerChange): Map<number, Answer> {
  const next = new Map(answers);
  const before = next.get(change.question_no) ?? emptyAnswer;
  next.set(change.question_no, {
    answer: change.answer ?? before.answer,
    marked_for_review: change.marked_for_review ?? before.marked_for_review,
    bookmarked: change.bookmarked ?? before.bookmarked,
  });
  return next;
}

/** The test panel: opened by the desk in a new window; its own route and chunk. */
export function TestPanelScreen() {
  const { credential, failure } = useLaunchCredential(credentialKey, async (token) => {
    const { attempt_token: attemptToken } = await openAttempt(token);
    return attemptToken;
  });

  if (failure) return <Message text={failure} />;
  if (!credential)
    return window.location.hash ? <Message text="Opening the test…" /> : <Message text={panelTexts.noAttempt} />;
  return <Panel credential={credential} />;
}

const Message = PanelMessage;

function Panel({ credential }: { credential: string }) {
  const [attempt, setAttempt] = useState<AttemptAnswer>();
  const [error, setError] = useState<string>();
  const [answers, setAnswers] = useState<Map<number, Answer>>(new Map());
  const [current, setCurrent] = useState(1);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [clockOffset, setClockOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [done, setDone] = useState<string>();
  /** The changes not saved when another window took the attempt over; null while this window holds it. */
  const [superseded, setSuperseded] = useState<AnswerChange[] | null>(null);
  /** Shown from this device's copy, or not shown at all, for want of a connection: the panel keeps trying. */
  const [openedOffline, setOpenedOffline] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [loads, setLoads] = useState(0);
  const queue = useRef<AnswerQueue | null>(null);
  const flushing = useRef(false);
  const closed = useRef(false);
  const submitting = useRef(false);

  /** Another window holds the attempt now: this one stops, and says what it did not save (issue 27 item 4). */
  const supersede = useCallback(async () => {
    closed.current = true;
    const unsent = (await queue.current?.abandon()) ?? [];
    void forgetAttemptCopy();
    setSuperseded(unsent);
  }, []);

  /** Sends the queue in seq order until it is empty; a network failure leaves it for the next try. */
  const flush = useCallback(async () => {
    if (flushing.current || closed.current || !queue.current) return;
    flushing.current = true;
    try {
      while (queue.current.pending.length > 0) {
        setSaveState('saving');
        const batch = queue.current.pending.slice(0, 50);
        try {
          const answer = await saveAnswers(credential, batch);
          const offset = answer.server_time - Date.now();
          setClockOffset(offset);
          // Into the device's copy before out of the queue, both before 'Saved': a reload offline at any moment
          // finds each change in one of the two (the phone's reload test caught the copy still being written).
          await foldSavedIntoCopy(batch, offset).catch(() => undefined);
          await queue.current.acknowledge(batch);
        } catch (failure) {
          if (isSuperseded(failure)) {
            await supersede();
            return;
          }
          if (failure instanceof ApiError && failure.status !== null && failure.status < 500) {
            // Refused for good (time over, submitted): nothing more will be accepted.
            closed.current = true;
            setDone(failure.message);
            await queue.current.clear();
            void forgetAttemptCopy();
            return;
          }
          setSaveState('offline');
          return;
        }
      }
      setSaveState('saved');
    } finally {
      flushing.current = false;
    }
  }, [credential, supersede]);

  // Load (or resume) the attempt: the server's answers, then any change this browser has not had acknowledged.
  // Without a connection, from this window's copy (panel/load-attempt.ts); `loads` counts the tries to reconnect.
  useEffect(() => {
    const controller = new AbortController();
    loadAttempt(credential, controller.signal)
      .then(async ({ attempt: loaded, clockOffset: offset, fromCopy }) => {
        // A try that still finds no connection leaves the panel as it is.
        if (fromCopy && queue.current) return;
        setClockOffset(offset);
        const serverSeq = Math.max(0, ...loaded.answers.map((answer) => answer.seq));
        // Reconnecting keeps this window's queue and the answers on show: they are the copy plus what was answered
        // meanwhile, which a save racing this read may have taken out of the queue already.
        const reconnecting = queue.current !== null;
        const opened = queue.current ?? (await AnswerQueue.open(`${loaded.test_id}:${loaded.attempt_no}`, serverSeq));
        queue.current = opened;
        if (!reconnecting) {
          let shown = new Map<number, Answer>(loaded.answers.map((answer) => [answer.question_no, answer]));
          for (const change of opened.pending) shown = applyChange(shown, change);
          setAnswers(shown);
        }
        setAttempt(loaded);
        setError(undefined);
        setOpenedOffline(fromCopy);
        setWaiting(fromCopy);
        if (fromCopy) {
          setSaveState('offline');
        } else if (loaded.status === 'submitted') {
          closed.current = true;
          setDone(panelTexts.submitted);
          await opened.clear();
        } else {
          announceOpened(`${loaded.test_id}:${loaded.attempt_no}`, credential);
          void flush();
        }
      })
      .catch((failure: unknown) => {
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        if (isSuperseded(failure)) {
          void supersede();
          return;
        }
        if (isNoAnswer(failure)) setWaiting(true);
        if (!queue.current) setError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => controller.abort();
  }, [credential, flush, supersede, loads]);

  // Not read from the server yet (offline): read it again when the connection returns, and on a backoff.
  const reconnect = useCallback(() => setLoads((count) => count + 1), []);
  useReconnect(waiting && superseded === null && done === undefined, reconnect);
  // Another window of this browser opened the attempt: ask the server now whether this one still holds it.
  const attemptKey = attempt ? `${attempt.test_id}:${attempt.attempt_no}` : null;
  useEffect(
    () => (attemptKey ? onOpenedElsewhere(attemptKey, credential, reconnect) : undefined),
    [attemptKey, credential, reconnect],
  );

  // Retry when the connection returns, and every 5 s while something waits.
  useEffect(() => {
    const retry = () => void flush();
    const offline = () => setSaveState('offline');
    window.addEventListener('online', retry);
    window.addEventListener('offline', offline);
    const timer = window.setInterval(() => {
      if (queue.current && queue.current.pending.length > 0) void flush();
    }, 5000);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('offline', offline);
      window.clearInterval(timer);
    };
  }, [flush]);

  // The countdown, on the server's clock.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const remaining = attempt ? Math.max(0, Math.floor((attempt.ends_at - (now + clockOffset)) / 1000)) : 0;

  const submit = useCallback(
    async (text: string) => {
      if (submitting.current) return;
      submitting.current = true;
      setConfirming(false);
      await flush();
      try {
        await submitAttempt(credential);
      } catch (failure) {
        if (isSuperseded(failure)) {
          submitting.current = false;
          await supersede();
          return;
        }
        if (!(failure instanceof ApiError && failure.status === 409)) {
          submitting.current = false;
          setSaveState('offline');
          return;
        }
      }
      closed.current = true;
      await queue.current?.clear();
      void forgetAttemptCopy();
      sessionStorage.removeItem(credentialKey);
      setDone(text);
    },
    [credential, flush, supersede],
  );

  // At the end the panel submits (the server would submit it anyway at its next read or sweep).
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (attempt?.status === 'open' && !closed.current && attempt.ends_at <= Date.now() + clockOffset) {
        void submit(panelTexts.timeUp);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [attempt, clockOffset, submit]);

  async function change(partial: Omit<AnswerChange, 'seq'>) {
    if (!queue.current || closed.current) return;
    const { change: withSeq, stored } = queue.current.push(partial);
    setAnswers((before) => applyChange(before, withSeq));
    await stored;
    void flush();
  }

  // Once the attempt is over (submitted here, elsewhere or at its end), the desk's tabs refresh their cards.
  useEffect(() => {
    if (done && attempt) announceSubmitted(attempt.test_id);
  }, [done, attempt]);

  const unanswered = useMemo(
    () =>
      attempt?.questions.filter((question) =>
        isBlankAnswer(question.ques_type, answers.get(question.question_no)?.answer),
      ).length ?? 0,
    [attempt, answers],
  );

  if (superseded) return <SupersededNotice testName={attempt?.test_name} unsent={superseded} />;
  if (error) {
    return (
      <Stack align="center">
        <Message text={error} />
        {waiting && (
          <Button variant="default" size="md" onClick={reconnect}>
            {panelTexts.retry}
          </Button>
        )}
      </Stack>
    );
  }
  if (!attempt) return <Message text="Loading the test…" />;
  if (done) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center">
          <Title order={1} size="h3">
            {attempt.test_name}
          </Title>
          <Text role="status">{done}</Text>
        </Stack>
      </Container>
    );
  }
  const question = attempt.questions.find((each) => each.question_no === current) ?? attempt.questions[0]!;
  const mine = answers.get(question.question_no) ?? emptyAnswer;
  const passage = attempt.passages.find((each) => each.passage_id === question.passage_id);

  const answeredCount = attempt.questions.filter(
    (each) => !isBlankAnswer(each.ques_type, (answers.get(each.question_no) ?? emptyAnswer).answer),
  ).length;
  const pick = (questionNo: number) => {
    setCurrent(questionNo);
    setPaletteOpen(false);
  };
  const submitButton = (
    <Button color="red" size="md" onClick={() => setConfirming(true)}>
      Submit
    </Button>
  );

  // Designed at 360 px first: one question at a time, full-width answers, the palette in a bottom sheet, and the
  // time and save state in a bar that stays at the top. From `sm` up the palette stands beside the question.
  return (
    <Container size="lg" px={{ base: 'xs', sm: 'md' }} pb="md">
      <Stack gap="sm">
        <Title order={1} size="h3" pt="sm" style={{ overflowWrap: 'anywhere' }}>
          {attempt.test_name}
        </Title>
        <Paper
          pos="sticky"
          top={0}
          py="xs"
          radius={0}
          style={{ zIndex: 3, borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Button
              hiddenFrom="sm"
              variant="default"
              onClick={() => setPaletteOpen(true)}
              aria-haspopup="dialog"
              style={{ flexShrink: 0 }}
            >
              Questions {answeredCount}/{attempt.questions.length}
            </Button>
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Badge size="lg" color={saveStateColors[saveState]} role="status" aria-label="Save state">
                {panelTexts[saveState]}
              </Badge>
              <Text fw={700} aria-label="Time left" role="timer">
                {formatCountdown(remaining)}
              </Text>
            </Group>
          </Group>
        </Paper>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" style={{ flex: 1, minWidth: 0 }}>
            <Stack gap="sm">
              <Text fw={600}>
                Question {question.question_no} of {attempt.questions.length}
                <Text span c="dimmed" size="sm">
                  {' '}
                  (+{question.marks}
                  {question.negative_marks > 0 ? `, −${question.negative_marks}` : ''})
                </Text>
              </Text>
              {passage && (
                // Open at first; a student who has read it folds it away to reach the question.
                <Paper component="details" open withBorder p="sm" bg="var(--mantine-color-gray-light)">
                  <Text component="summary" fw={600} style={{ cursor: 'pointer', minHeight: 32 }}>
                    Passage
                  </Text>
                  <div aria-label="Passage" role="region" style={{ overflowWrap: 'break-word' }}>
                    <SafeHtml html={passage.text} />
                  </div>
                </Paper>
              )}
              <div style={{ overflowWrap: 'break-word' }}>
                <SafeHtml html={question.question} />
              </div>
              {question.media?.media_type === 'image' && (
                <Image src={question.media.source_path} alt={`Figure for question ${question.question_no}`} maw={360} />
              )}
              <AnswerInput
                key={question.question_no}
                question={question}
                value={mine.answer}
                onChange={(answer) => void change({ question_no: question.question_no, answer })}
              />
              <Group gap="xs" grow>
                <Checkbox.Card
                  checked={mine.marked_for_review}
                  onClick={() =>
                    void change({ question_no: question.question_no, marked_for_review: !mine.marked_for_review })
                  }
                  aria-label="Mark for review"
                  {...choiceCard}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Checkbox.Indicator />
                    <Text size="sm">Mark for review</Text>
                  </Group>
                </Checkbox.Card>
                <Checkbox.Card
                  checked={mine.bookmarked}
                  onClick={() => void change({ question_no: question.question_no, bookmarked: !mine.bookmarked })}
                  aria-label="Bookmark"
                  {...choiceCard}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Checkbox.Indicator />
                    <Text size="sm">Bookmark</Text>
                  </Group>
                </Checkbox.Card>
              </Group>
              <Group justify="space-between" grow>
                <Button variant="default" size="md" disabled={current <= 1} onClick={() => setCurrent(current - 1)}>
                  Previous
                </Button>
                <Button
                  variant="default"
                  size="md"
                  disabled={current >= attempt.questions.length}
                  onClick={() => setCurrent(current + 1)}
                >
                  Next
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Stack w={220} gap="sm" visibleFrom="sm">
            <Text fw={600}>Questions</Text>
            <QuestionPalette questions={attempt.questions} answers={answers} current={current} onPick={pick} />
            {submitButton}
          </Stack>
        </Group>
        {saveState === 'offline' && (
          <Alert color="red" title="Offline">
            {panelTexts.offlineNote}
            {openedOffline && (
              <Text size="sm" mt="xs" data-opened-offline>
                {panelTexts.openedOffline}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
      <Drawer
        opened={paletteOpen}
        onClose={() => setPaletteOpen(false)}
        position="bottom"
        size="auto"
        title="Questions"
        styles={{ content: { height: 'auto', maxHeight: '85dvh', borderRadius: '16px 16px 0 0' } }}
      >
        <Stack gap="md" pb="md">
          <QuestionPalette questions={attempt.questions} answers={answers} current={current} onPick={pick} large />
          {submitButton}
        </Stack>
      </Drawer>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={panelTexts.submitTitle} centered>
        <Stack>
          <Text>{panelTexts.unanswered(unanswered)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void submit(panelTexts.submitted)}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
