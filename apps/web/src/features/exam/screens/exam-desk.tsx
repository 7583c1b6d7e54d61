import { chooseTestTypeText, isShownOnDesk } from '@campus/domain/exam/desk-status';
import { matchesExamSearch } from '@campus/domain/exam/exam-rules';
import type { ExamTest } from '@campus/domain/exam/exam.contract';
import { homePages } from '@campus/domain/home/home.page';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast, showToast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { deskListKeys, launchTest, useLabels, useLabelTests, useProductTests } from '../api/desk.ts';
import { ExamCard } from '../components/exam-card.tsx';
import { onSubmitted } from '../panel/desk-channel.ts';
import { useAddressParam } from '../../../lib/address-state.ts';

/** Texts of the exam desk (spec part 2 §2.3, §5). */
export const examDeskTexts = {
  chooseLabel: chooseTestTypeText,
  noExam: 'No Exam Available',
  products: 'Products and Exams',
  parents: 'Parents are not allowed to give exam',
} as const;

/** The tests the desk lists: only upcoming, practice, ongoing, resume and view (spec part 2 §4), matching the search. */
const shownTests = (tests: ExamTest[] | undefined, search: string) =>
  (tests ?? []).filter((test) => isShownOnDesk(test.status) && matchesExamSearch(test, search));

/** /exam: the exam desk. */
export function ExamDeskScreen() {
  const session = useSession();
  return session ? <ExamDesk session={session} /> : null;
}

function ExamDesk({ session }: { session: StoredSession }) {
  const navigate = useNavigate();
  // The chosen test type and the search live in the address (issue 26): a reload or Back keeps them.
  const [labelId, setLabelId] = useAddressParam<number | string | null>(
    'label',
    (raw) => (raw === null || raw === '' ? null : /^\d+$/.test(raw) ? Number(raw) : raw),
    (value) => (value === null ? null : String(value)),
  );
  const [search, setSearch] = useAddressParam(
    'q',
    (raw) => raw ?? '',
    (value) => value || null,
  );
  const [dismissed, setDismissed] = useState<unknown>();
  const labels = useLabels(session);
  const tests = useLabelTests(session, labelId);
  const productTests = useProductTests(session);
  const isParent = Boolean(session.parentslogin);

  // A failure with a server message: a toast and a dialog whose closing goes to the dashboard (spec part 2 §8).
  // A 403 has already logged out (the api client).
  const error = tests.error ?? productTests.error;
  const failure = error instanceof ApiError && error.status !== 403 && error !== dismissed ? error.message : undefined;
  useEffect(() => {
    if (error instanceof ApiError && error.status !== 403) showToast(error.message, 'error');
  }, [error]);

  // A submit in the panel's window changes a card here: refresh the lists when the panel says so (and, for a
  // browser without the channel, when this tab regains focus: the queries' refetchOnWindowFocus).
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSubmitted(() => {
        for (const queryKey of deskListKeys(session)) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient, session],
  );

  const shown = useMemo(() => shownTests(tests.data, search), [tests.data, search]);
  const shownProducts = useMemo(() => shownTests(productTests.data, search), [productTests.data, search]);

  /** Start, Resume and View: the launch answers the panel's address (the read-only paper's for View). */
  async function start(test: ExamTest) {
    // The launch is sent first: opening the window takes the phone's main thread for ~0.5 s (issue 26), which the
    // request's round trip now overlaps. The window opens on the same click (no popup blocker), then goes to the
    // panel's address with its launch token.
    const launched = launchTest(session, test.test_id);
    const panel = window.open('', '_blank');
    try {
      const { panel_path: path } = await launched;
      if (panel) panel.location.href = path;
      else window.location.assign(path);
    } catch (error) {
      panel?.close();
      showFailureToast(error);
    }
  }

  const card = (test: ExamTest, generic = false) => (
    <ExamCard
      key={`${test.test_institute_id}-${test.test_id}`}
      test={test}
      generic={generic}
      isParent={isParent}
      onOpen={(chosen) => void start(chosen)}
      onParentRefused={() => showToast(examDeskTexts.parents, 'error')}
    />
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Exam
      </Title>
      {labels.isLoading ? (
        <PageLoader label="Loading test types" />
      ) : (
        <Group gap="xs" role="toolbar" aria-label="Test types">
          {(labels.data ?? []).map((label) => (
            <Button
              key={String(label.label_id)}
              variant={label.label_id === labelId ? 'filled' : 'light'}
              aria-pressed={label.label_id === labelId}
              onClick={() => setLabelId(label.label_id)}
            >
              {label.label_name}
            </Button>
          ))}
        </Group>
      )}
      <TextInput
        label="Search"
        placeholder="Search exams"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
      />
      {labelId === null ? (
        <Text ta="center" py="lg">
          {examDeskTexts.chooseLabel}
        </Text>
      ) : tests.isLoading ? (
        <PageLoader label="Loading exams" />
      ) : shown.length === 0 ? (
        <Text ta="center" py="lg">
          {examDeskTexts.noExam}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{shown.map((test) => card(test))}</SimpleGrid>
      )}
      {shownProducts.length > 0 && (
        <section aria-label={examDeskTexts.products}>
          <Title order={2} size="h4" mb="sm">
            {examDeskTexts.products}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{shownProducts.map((test) => card(test, true))}</SimpleGrid>
        </section>
      )}
      <AlertDialog
        message={failure}
        onClose={() => {
          setDismissed(error);
          void navigate(homePages.dashboard);
        }}
      />
    </Stack>
  );
}
