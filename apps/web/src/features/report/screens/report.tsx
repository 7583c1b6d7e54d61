import { matchesExamSearch, formatDuration, truncateExamName } from '@campus/domain/exam/exam-rules';
import { onlineReportStatus, reportTabs } from '@campus/domain/report/report-rules';
import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isPushedEntry, useAddressParam } from '../../../lib/address-state.ts';
import { onFirstInput } from '../../../lib/on-demand.ts';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { useReportLabels, useReportTests } from '../api/reports.ts';
import { CutText } from '../../../components/cut-text.tsx';
import { reportTexts, useFailure } from './report-common.tsx';

/** The views past the first (a result, the offline tab, the bookmarks) load when opened: report-views.tsx. */
const views = () => import('./report-views.tsx');
const ResultView = lazy(async () => ({ default: (await views()).ResultView }));
const OfflineReports = lazy(async () => ({ default: (await views()).OfflineReports }));
const BookmarksView = lazy(async () => ({ default: (await views()).BookmarksView }));

/** /report: Exam Reports. */
export function ReportScreen() {
  const session = useSession();
  return session ? <Reports session={session} /> : null;
}

/**
 * A screen's own Back: the browser's Back when the view was opened here (a pushed entry), so the two Backs agree;
 * otherwise (opened from a link or after a reload) `close`, which stays on Exam Reports.
 */
export function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return (close: () => void) => (isPushedEntry(location.state) ? void navigate(-1) : close());
}

function Reports({ session }: { session: StoredSession }) {
  const tabs = reportTabs({
    examSetup: session.inst_set_up.exam,
    userType: session.user_type,
    studentId: session.student_id,
  });
  const firstTab = tabs.online ? 'online' : 'offline';
  // The views are fetched at the first tap (a label, a tab), after the screen's first paint: by the time a result's
  // View is tapped its code is here, and the tap waits only for the result (bench/phone-speed.ts 'exam result').
  useEffect(() => onFirstInput(() => void views().catch(() => undefined)), []);
  // The tab, the label, the opened result and the bookmarks live in the address (issue 26, 27 #16): a reload, Back
  // and a shared link land where the user was.
  const [tab, setTab] = useAddressParam<string>(
    'tab',
    (raw) => (raw === 'offline' && tabs.offline ? 'offline' : firstTab),
    (value) => (value === firstTab ? null : value),
  );
  const [bookmarks, setBookmarks] = useAddressParam<boolean>(
    'view',
    (raw) => raw === 'bookmarks',
    (value) => (value ? 'bookmarks' : null),
  );
  const back = useBack();

  if (bookmarks) {
    return (
      <Suspense fallback={<PageLoader />}>
        <BookmarksView session={session} onBack={() => back(() => setBookmarks(false))} />
      </Suspense>
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{reportTexts.title}</Title>
        <Button variant="light" onClick={() => setBookmarks(true, { push: true })}>
          {reportTexts.bookmarked}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => value && setTab(value)}>
        <Tabs.List>
          {tabs.online && <Tabs.Tab value="online">Online</Tabs.Tab>}
          {tabs.offline && <Tabs.Tab value="offline">Offline</Tabs.Tab>}
        </Tabs.List>
        {tabs.online && (
          <Tabs.Panel value="online" pt="md">
            <OnlineReports session={session} />
          </Tabs.Panel>
        )}
        {tabs.offline && (
          <Tabs.Panel value="offline" pt="md">
            {tab === 'offline' && (
              <Suspense fallback={<PageLoader />}>
                <OfflineReports session={session} />
              </Suspense>
            )}
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

// ——— Online ———

function OnlineReports({ session }: { session: StoredSession }) {
  const labels = useReportLabels(session);
  // A label id is a number, or a placeholder's name (MockP, OnlineP).
  const [labelId, setLabelId] = useAddressParam<number | string | null>(
    'label',
    (raw) => (raw === null || raw === '' ? null : /^\d+$/.test(raw) ? Number(raw) : raw),
    (value) => (value === null ? null : String(value)),
  );
  const [resultId, setResultId] = useAddressParam<number | null>(
    'result',
    (raw) => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : null),
    (value) => (value === null ? null : String(value)),
  );
  const back = useBack();
  const [search, setSearch] = useState('');
  const [date, setDate] = useState('');
  // Rendered in slices React can interrupt, not as one long task when the answer arrives (Lighthouse TBT).
  const tests = useDeferredValue(useReportTests(session, labelId));
  const failure = useFailure(tests.error);
  // The list's status is worked out against the time the screen opened.
  const [now] = useState(() => Date.now());
  const shown = useMemo(
    () =>
      (tests.data ?? [])
        .map((test) => ({ test, status: onlineReportStatus(test, now) }))
        .filter(({ test, status }) => status !== undefined && matchesExamSearch(test, search))
        .filter(({ test }) => test.test_type_id !== 2 || test.total_attempts > 0)
        .filter(({ test }) => {
          if (!date || test.test_type_id === 2) return true;
          const day = date.split('-').reverse().join('-');
          const inRange = (value: string) => value.split('-').reverse().join('-');
          return inRange(test.start_date) <= date && date <= inRange(test.end_date) && day.length > 0;
        }),
    [tests.data, search, date, now],
  );

  // The result the address names, once its label's list is in: only a published result opens.
  const viewing =
    resultId === null
      ? undefined
      : shown.find(({ test, status }) => test.test_id === resultId && status === 'published');
  if (viewing) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ResultView session={session} test={viewing.test} onBack={() => back(() => setResultId(null))} />
      </Suspense>
    );
  }
  if (resultId !== null && tests.isPending) return <PageLoader />;
  return (
    <Stack>
      <Group>
        <TextInput
          placeholder="Search"
          aria-label="Search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={reportTexts.sortByDate}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
      </Group>
      {(labels.data ?? []).length > 0 && (
        <Group gap="xs" role="navigation" aria-label="Test labels">
          {(labels.data ?? []).map((label) => (
            <Button
              key={String(label.label_id)}
              variant={label.label_id === labelId ? 'filled' : 'outline'}
              onClick={() => setLabelId(label.label_id)}
            >
              {label.label_name}
            </Button>
          ))}
        </Group>
      )}
      {labelId === null ? (
        <Text>{reportTexts.chooseLabel}</Text>
      ) : tests.isPending ? (
        <PageLoader />
      ) : shown.length === 0 ? (
        <Text>{reportTexts.noExam}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map(({ test, status }) => (
            <Card key={test.test_id} withBorder component="article" aria-label={test.test_name}>
              <CutText fw={600} text={test.test_name} cut={truncateExamName} />
              <Text size="sm">End date: {test.end_date}</Text>
              <Text size="sm">Duration: {formatDuration(test.duration)}</Text>
              {status === 'published' ? (
                <Button mt="sm" onClick={() => setResultId(test.test_id, { push: true })}>
                  View
                </Button>
              ) : (
                <Text mt="sm" c="dimmed">
                  {reportTexts.noReport}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      {failure}
    </Stack>
  );
}
