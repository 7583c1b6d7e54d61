import type { LiveSession, Recording } from '@campus/domain/live/live.contract';
import {
  defaultPastRange,
  groupLiveClasses,
  liveMessages,
  matchesLiveSearch,
  pastCountLine,
  type LiveTab,
} from '@campus/domain/live/live-rules';
import { addDays } from '@campus/domain/calendar/calendar';
import { Button, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast, showToast } from '../../../components/toast.ts';
import { localDate } from '../../../lib/local-date.ts';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { recordingAddress, startSession, useMeetings, type LiveWindow } from '../api/live.ts';
import { LiveCard } from '../components/live-card.tsx';

const RecordingsDialog = lazy(() => import('../../../components/recordings-dialog.tsx'));
// Only the Past tab has it, and its popover (floating-ui, ~16 KB compressed) need not load with Today's classes.
const RangePicker = lazy(() => import('../components/range-picker.tsx'));

const display = (iso: string) => iso.split('-').reverse().join('-');
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: true });

/** /live: Today's, Upcoming and Past classes (spec part 1 §2 Live classes). */
export function LiveScreen() {
  const session = useSession();
  return session ? <LiveView session={session} /> : null;
}

function LiveView({ session }: { session: StoredSession }) {
  const today = localDate(new Date());
  const [tab, setTab] = useState<LiveTab>('today');
  const [search, setSearch] = useState('');
  const [range, setRange] = useState(() => defaultPastRange(today));
  const rangeLabel = `${display(range.from)} to ${display(range.to)}`;
  const [recordings, setRecordings] = useState<readonly Recording[] | null>(null);
  const window: LiveWindow =
    tab === 'today'
      ? { past: false, from: today, to: today }
      : tab === 'upcoming'
        ? { past: false, from: addDays(today, 1), to: null }
        : { past: true, from: range.from, to: range.to };
  // Rendered in slices React can interrupt, not as one long task when the answer arrives (Lighthouse TBT).
  const { data, error, isLoading } = useDeferredValue(useMeetings(session, window));

  useEffect(() => {
    // The upcoming list's failure without a server message reads 'Network error' (spec part 1 §8).
    if (error) showFailureToast(error, liveMessages.networkError);
  }, [error]);

  const shown = useMemo(
    () =>
      ((tab === 'past' ? data?.pastLiveClasses : data?.upcomingLiveClasses) ?? []).filter((item) =>
        matchesLiveSearch(
          {
            endTime: time(item.end_datetime),
            courseNames: item.course_list.map((entry) => entry.course_name),
            teacherNames: item.teachersName,
            sessionName: item.session_name,
          },
          search,
        ),
      ),
    [data, tab, search],
  );
  const groups = groupLiveClasses(shown, (item) => localDate(new Date(item.start_datetime)), today, tab);

  async function join(item: LiveSession) {
    if (session.parentslogin) {
      showToast(liveMessages.parentsNotAllowed, 'error');
      return;
    }
    if (Date.now() < Date.parse(item.start_datetime)) {
      showToast(liveMessages.notStarted, 'error');
      return;
    }
    try {
      const answer = await startSession(session, item.session_id, item.live_meeting_with);
      if (answer.result.allow_start_session) window_open(answer.result.session_link);
      else showToast(liveMessages.startOnlyAfterSchedule, 'error');
    } catch (failure) {
      showFailureToast(failure, liveMessages.networkError);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Live Classes
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          // Switching tabs clears the search and reloads (spec part 1 §4).
          setTab((value as LiveTab | null) ?? 'today');
          setSearch('');
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="today">Today&apos;s Classes</Tabs.Tab>
          <Tabs.Tab value="upcoming">Upcoming Classes</Tabs.Tab>
          <Tabs.Tab value="past">Past Classes</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 180 }}
        />
        {tab === 'past' && (
          <Suspense fallback={<Button variant="default">{rangeLabel}</Button>}>
            <RangePicker range={range} label={rangeLabel} today={today} onApply={setRange} />
          </Suspense>
        )}
      </Group>
      {tab === 'past' && !isLoading && <Text size="sm">{pastCountLine(shown.length)}</Text>}
      {isLoading ? (
        <PageLoader label="Loading classes" />
      ) : groups.length === 0 ? (
        <Text ta="center" py="lg">
          {liveMessages.noClasses}
        </Text>
      ) : (
        groups.map((group) => (
          <section key={group.date} aria-label={`${group.label} ${display(group.date)}`}>
            <Group gap="xs" mb="xs">
              <Title order={2} size="h5">
                {group.label}
              </Title>
              <Text c="dimmed" size="sm">
                {display(group.date)}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.items.map((item) => (
                <LiveCard
                  key={item.session_id}
                  item={item}
                  isSchool={session.is_institute_type_school}
                  live={tab !== 'past'}
                  onJoin={(chosen) => void join(chosen)}
                  onView={(chosen) => setRecordings(chosen.download_links)}
                />
              ))}
            </SimpleGrid>
          </section>
        ))
      )}
      {recordings && (
        <Suspense fallback={null}>
          <RecordingsDialog
            opened
            onClose={() => setRecordings(null)}
            recordings={recordings}
            addressOf={(id) => recordingAddress(session, id)}
            vimeoDownloadable={data?.vimeo_video_downlodable ?? 0}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** Opens a class's link in a new tab. */
function window_open(url: string) {
  globalThis.open(url, '_blank', 'noopener');
}
