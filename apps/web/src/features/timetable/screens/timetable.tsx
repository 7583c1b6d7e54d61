import type { Recording } from '@campus/domain/live/live.contract';
import type { TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import {
  canMoveMonth,
  canMoveYear,
  defaultMonth,
  groupSchedulesByDate,
  holidaysByDate,
  onlineClassAction,
  placeFromParam,
  placeParam,
  shiftMonth,
  timetableMessages,
} from '@campus/domain/timetable/timetable-rules';
import { examPages } from '@campus/domain/exam/exam.page';
import { homePages } from '@campus/domain/home/home.page';
import { Grid, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast, showToast } from '../../../components/toast.ts';
import { onFirstInput } from '../../../lib/on-demand.ts';
import { useAddressParam } from '../../../lib/address-state.ts';
import { localDate } from '../../../lib/local-date.ts';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { useHolidays, useTimetable, useYearCount } from '../api/timetable.ts';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { MonthGrid } from '../components/month-grid.tsx';
import { ScheduleCard } from '../components/schedule-card.tsx';
import { YearTiles } from '../components/year-tiles.tsx';

// What a tap opens loads with the tap, not with the month (issue 28: /timetable's script over 150 KB): live classes'
// calls (Join, a recording's address), Attendance Details (fetched at the screen's first tap or key press, so its
// own tap is quick without sending 4.6 KB to everyone who only looks at the month) and the recordings list.
const liveCalls = () => import('../../live/index.ts');
const attendanceDialog = () => import('../components/attendance-dialog.tsx');
const AttendanceDialog = lazy(async () => ({ default: (await attendanceDialog()).AttendanceDialog }));
const RecordingsDialog = lazy(() => import('../../../components/recordings-dialog.tsx'));

/** The dimmed screen under a blocking error's toast. */
const backdropStyle: CSSProperties = { position: 'fixed', inset: 0, zIndex: 300, background: 'rgba(0, 0, 0, 0.4)' };

/** Errors that leave the screen after this long (spec part 2 §8). */
const errorRedirectMs = 2000;

/** /timetable: Month and This Year views, schedules, attendance, recordings, the calendar feed (part 2 §2.2). */
export function TimetableScreen() {
  const session = useSession();
  return session ? <TimetableView session={session} /> : null;
}

function TimetableView({ session }: { session: StoredSession }) {
  const navigate = useNavigate();
  const now = new Date();
  const today = localDate(now);
  const academicYear = { startDate: session.ay_start_date.slice(0, 10), endDate: session.ay_end_date.slice(0, 10) };
  // The view, the month and the chosen day live in the address (issue 26): Back to this screen and a reload land on
  // the month the user was looking at, within the selected academic year.
  const [view, setView] = useAddressParam<'month' | 'year'>(
    'view',
    (raw) => (raw === 'year' ? 'year' : 'month'),
    (value) => (value === 'year' ? 'year' : null),
  );
  const [place, setPlace] = useAddressParam('date', (raw) => placeFromParam(raw, today, academicYear), placeParam);
  const { month: current, day: selectedDate } = place;
  const [year, setYear] = useState(() => defaultMonth(today, academicYear).year);
  const [yearMonth, setYearMonth] = useState<number | null>(null);
  const [attendanceOf, setAttendanceOf] = useState<TimetableEntry | null>(null);
  const [recordings, setRecordings] = useState<readonly Recording[] | null>(null);

  const shown = view === 'month' ? current : { year, month: yearMonth ?? 1 };
  // Rendered in slices React can interrupt, not as one long task when an answer arrives (Lighthouse TBT).
  const timetable = useDeferredValue(
    useTimetable(session, shown.year, shown.month, view === 'month' || yearMonth !== null),
  );
  const holidays = useDeferredValue(useHolidays(session, current.year, current.month));
  const yearCount = useYearCount(session, year, view === 'year');

  const failure = timetable.error ?? holidays.error ?? yearCount.error;
  // 'Please assign course!' is ignored (the timetable is then empty); any other message blocks the screen and
  // returns to the dashboard after 2 s. A 403 has already logged out (api client).
  const blocked =
    failure !== null &&
    failure.message !== timetableMessages.assignCourse &&
    !('status' in failure && failure.status === 403);
  const failureMessage = blocked ? failure.message : null;
  useEffect(() => {
    if (failureMessage === null) return;
    showToast(failureMessage, 'error');
    const timer = setTimeout(() => void navigate(homePages.dashboard), errorRedirectMs);
    return () => clearTimeout(timer);
  }, [failureMessage, navigate]);

  // The first month shows once its schedules and holidays are in: the day cells grow with their counts and
  // badges, which would push the schedule list below them down as each answer arrived (layout shift, issue 18).
  const [isFirstMonthIn, setFirstMonthIn] = useState(false);
  if (!isFirstMonthIn && !timetable.isLoading && !holidays.isLoading) setFirstMonthIn(true);
  // The chosen day's cards and the calendar feed are drawn after the first month has painted, not in the same task:
  // on a slow phone the grid is what the user waits for (issue 26). Both sit below the grid on a phone (beside it
  // from md up), so nothing above them moves.
  const [isPanelShown, setPanelShown] = useState(false);
  useEffect(() => {
    if (!isFirstMonthIn || isPanelShown) return;
    // After the frame that paints the grid.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPanelShown(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isFirstMonthIn, isPanelShown]);

  useEffect(() => onFirstInput(() => void attendanceDialog().catch(() => undefined)), []);

  const byDate = timetable.data?.result.batchTimeTableList ?? {};
  // Holidays and weekly offs only: events held on school days mark nothing (issue 27, item 9).
  const holidayTitles = session.is_institute_type_school ? holidaysByDate(holidays.data ?? {}) : {};

  async function join(entry: TimetableEntry) {
    if (session.parentslogin) {
      showToast(timetableMessages.parentsNotAllowed, 'error');
      return;
    }
    if (onlineClassAction(new Date(entry.start_datetime), new Date(entry.end_datetime), new Date()) === 'notStarted') {
      showToast(timetableMessages.classNotStarted, 'error');
      return;
    }
    try {
      const { startSession } = await liveCalls();
      const answer = await startSession(session, entry.session_id, entry.live_meeting_with);
      if (answer.result.allow_start_session) globalThis.open(answer.result.session_link, '_blank', 'noopener');
      else showToast(answer.message, 'error');
    } catch (error) {
      showFailureToast(error);
    }
  }

  function startExam() {
    if (session.parentslogin) {
      showToast('Parents are not allowed to give exam', 'error');
      return;
    }
    void navigate(examPages.exam);
  }

  const panelDates = view === 'month' ? (selectedDate ? [selectedDate] : []) : Object.keys(byDate);
  const groups = view === 'year' && yearMonth === null ? [] : groupSchedulesByDate(byDate, panelDates);

  return (
    <Stack gap="md" pos="relative">
      {/* Mantine's Overlay as it draws this one, without its own file on the route (issue 28). */}
      {blocked && <div style={backdropStyle} data-testid="timetable-backdrop" />}
      <Group justify="space-between">
        <Title order={1} size="h2">
          Time Table
        </Title>
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as 'month' | 'year')}
          data={[
            { label: 'Month', value: 'month' },
            { label: 'This Year', value: 'year' },
          ]}
        />
      </Group>
      {!isFirstMonthIn ? (
        <PageLoader label="Loading schedules" />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {view === 'month' ? (
              <MonthGrid
                current={current}
                byDate={byDate}
                holidays={holidayTitles}
                today={today}
                selected={selectedDate}
                loading={timetable.isLoading}
                canPrevious={canMoveMonth(current, -1, academicYear)}
                canNext={canMoveMonth(current, 1, academicYear)}
                onMove={(step) => setPlace({ month: shiftMonth(current, step), day: null })}
                onSelect={(date) => setPlace({ month: current, day: date })}
              />
            ) : (
              <YearTiles
                year={year}
                counts={yearCount.data?.result ?? {}}
                selected={yearMonth}
                canPrevious={canMoveYear(year, -1, academicYear)}
                canNext={canMoveYear(year, 1, academicYear)}
                onMove={(step) => {
                  setYear(year + step);
                  setYearMonth(null);
                }}
                onSelect={setYearMonth}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm" component="section" aria-label="Schedules">
              {view === 'month' && selectedDate && holidayTitles[selectedDate] && (
                <Paper bg="var(--mantine-color-red-light)" p="xs" radius="sm" aria-label="Holiday">
                  <Text fw={600}>Holiday: {holidayTitles[selectedDate].join(', ')}</Text>
                </Paper>
              )}
              {!isPanelShown || (timetable.isLoading && (view === 'month' || yearMonth !== null)) ? (
                <PageLoader label="Loading schedules" />
              ) : groups.length === 0 ? (
                <Text ta="center" py="lg">
                  {view === 'month' ? timetableMessages.noScheduleOnDate : timetableMessages.chooseMonth}
                </Text>
              ) : (
                groups.map((group) => (
                  <Stack
                    key={group.date}
                    gap="xs"
                    component="section"
                    aria-label={`${group.banner.weekday} ${group.banner.date}`}
                  >
                    <Paper bg="var(--mantine-color-blue-light)" p="xs" radius="sm">
                      <Group justify="space-between">
                        <Text fw={600}>{group.banner.weekday}</Text>
                        <Text>{group.banner.date}</Text>
                      </Group>
                    </Paper>
                    {group.items.map((entry) => (
                      <ScheduleCard
                        key={entry.session_id}
                        entry={entry}
                        isSchool={session.is_institute_type_school}
                        isParent={session.parentslogin}
                        now={now}
                        onJoin={(chosen) => void join(chosen)}
                        onView={(chosen) => setRecordings(chosen.download_links)}
                        onAttendance={setAttendanceOf}
                        onStartExam={startExam}
                      />
                    ))}
                  </Stack>
                ))
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {/* Below the month, so it waits for it too (else the month's arrival would move it). */}
      {isPanelShown && <CalendarFeed session={session} />}
      {attendanceOf && (
        <Suspense fallback={null}>
          <AttendanceDialog session={session} entry={attendanceOf} onClose={() => setAttendanceOf(null)} />
        </Suspense>
      )}
      {recordings && (
        <Suspense fallback={null}>
          <RecordingsDialog
            opened
            onClose={() => setRecordings(null)}
            recordings={recordings}
            addressOf={async (id) => (await liveCalls()).recordingAddress(session, id)}
            vimeoDownloadable={timetable.data?.vimeo_video_downlodable ?? 0}
          />
        </Suspense>
      )}
    </Stack>
  );
}
