import type { TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greenfieldParent, greenfieldStudent, mockBranding, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { fakeTimeouts } from '../../test/timers.ts';

const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

function entry(overrides: Partial<TimetableEntry>): TimetableEntry {
  return {
    date: '2026-11-21',
    start_time: '09:00 AM',
    end_time: '09:45 AM',
    start_datetime: local(21, 9),
    end_datetime: local(21, 9, 45),
    duration: 45,
    class_type: 'Class',
    subject_name: 'Mathematics',
    course: 'Class 10 - A',
    topics_covered: 'Linear equations',
    teacher_name: 'Suresh Iyer',
    t_photo_url: '',
    student_attendance_percent: 80,
    batch_id: 11,
    session_id: 1,
    session_name: '',
    session_link: '',
    live_meeting_with: '',
    master_course_name: 'Class 10',
    product_name: '',
    download_links: [],
    description: 'Bring the textbook',
    test_id: 0,
    test_inst_id: 0,
    end_date: '2026-11-21',
    ...overrides,
  };
}

const november = {
  '2026-11-21': [
    entry({}),
    entry({
      session_id: 2,
      class_type: 'Online Class',
      subject_name: 'Science',
      session_name: 'Light: reflection',
      start_time: '01:00 PM',
      end_time: '02:00 PM',
      start_datetime: local(21, 13),
      end_datetime: local(21, 14),
      duration: 60,
      live_meeting_with: 'Zoom',
      batch_id: 12,
    }),
  ],
  '2026-11-16': [
    entry({
      session_id: 3,
      date: '2026-11-16',
      class_type: 'Online Class',
      session_name: 'Recorded class',
      start_datetime: local(16, 13),
      end_datetime: local(16, 14),
    }),
  ],
};

function mockTimetable(answer?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/v2/timeTable/v3', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (answer) return answer();
      const list = body.startdate === '2026-11-01' ? november : {};
      return HttpResponse.json({
        statusCode: 200,
        message: '',
        result: { batchTimeTableList: list },
        time: new Date().toISOString(),
        view_proctur_live_recorded_session: 1,
        vimeo_video_downlodable: 1,
        proctur_live_view_or_download_visibility: 3,
      });
    }),
    http.post('*/api/v1/holiday_manager/event_for_timetable', () =>
      HttpResponse.json({
        '2026-11-26': [{ event_type: 1, title_name: 'Founders Day' }],
        // An event with a category on a school day: no holiday (issue 27, item 9).
        '2026-11-21': [{ event_type: 2, title_name: 'Parent-teacher meeting' }],
      }),
    ),
    http.post('*/api/v2/timeTable/year-count', () =>
      HttpResponse.json({
        statusCode: 200,
        message: '',
        result: { ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), 0])), '11': 3, '12': 1 },
      }),
    ),
    http.get('*/api/v1/timeTable/calendar-feed/:i/:s', () =>
      HttpResponse.json({ statusCode: 200, message: '', result: { active: false, created_at: null, feed_url: null } }),
    ),
  );
  return bodies;
}

async function openTimetable(session = greenfieldStudent()) {
  storeSession(session);
  const view = renderRoute('/timetable');
  await screen.findByRole('heading', { level: 1, name: 'Time Table' });
  return view;
}

describe('Timetable (spec part 2 §2.2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(12));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the month with the flags of the institute setup', async () => {
    const bodies = mockTimetable();
    await openTimetable();
    await screen.findByRole('table', { name: 'November 2026' });
    expect(bodies[0]).toMatchObject({
      batch_id: -1,
      course_id: -1,
      standard_id: -1,
      subject_id: -1,
      teacher_id: -1,
      startdate: '2026-11-01',
      enddate: '2026-11-30',
      institute_id: 1,
      student_id: 5001,
      isExamIncludedInTimeTable: 'Y',
      is_included_online_class: 'Y',
      is_included_online_exam: 'Y',
    });
  });

  it('draws a Sunday-first grid without empty trailing weeks, with counts, holidays and today', async () => {
    mockTimetable();
    await openTimetable();
    const grid = await screen.findByRole('table', { name: 'November 2026' });
    // November 2026 starts on a Sunday: five weeks.
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const today = await within(grid).findByRole('button', { name: /^21 November 2026,\s*2 Schedules$/ });
    expect(today).toHaveAttribute('data-today');
    expect(today).toHaveAttribute('aria-pressed', 'true');
    expect(within(grid).getByRole('button', { name: /^16 November 2026,\s*1 Schedule$/ })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /^26 November 2026,\s*Holiday$/ })).toBeInTheDocument();
  });

  it("lists the clicked day's schedules under its banner, and says when there are none", async () => {
    mockTimetable();
    await openTimetable();
    const day = await screen.findByRole('region', { name: 'Saturday 21-11-2026' });
    const card = within(day).getByRole('article', { name: 'Mathematics 09:00 AM' });
    expect(card).toHaveTextContent('45 mins');
    expect(card).toHaveTextContent('Class 10 - A');
    expect(card).toHaveTextContent('Linear equations');
    expect(card).toHaveTextContent('Suresh Iyer');
    expect(card).toHaveTextContent('Bring the textbook');
    // Schools do not label the course Batch.
    expect(card).not.toHaveTextContent('Batch:');
    fireEvent.click(screen.getByRole('button', { name: /^20 November 2026,?$/ }));
    expect(await screen.findByText('Schedule not Found On Selected Date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^20 November 2026,?$/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it("greys Join before the start: 'Class not started yet'; parents may not join", async () => {
    mockTimetable();
    await openTimetable();
    const card = await screen.findByRole('article', { name: 'Science 01:00 PM' });
    fireEvent.click(within(card).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Class not started yet')).toBeInTheDocument();
  });

  it("tells a parent 'Parents are not allowed to join'", async () => {
    mockTimetable();
    vi.setSystemTime(testDay(13, 10));
    await openTimetable(greenfieldParent());
    const card = await screen.findByRole('article', { name: 'Science 01:00 PM' });
    fireEvent.click(within(card).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Parents are not allowed to join')).toBeInTheDocument();
  });

  it("shows 'Recording List Not Available' for an ended class without recordings", async () => {
    mockTimetable();
    await openTimetable();
    fireEvent.click(await screen.findByRole('button', { name: /^16 November 2026,\s*1 Schedule$/ }));
    const card = await screen.findByRole('article', { name: 'Mathematics 09:00 AM' });
    fireEvent.click(within(card).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Recording List Not Available')).toBeInTheDocument();
  });

  it('opens Attendance Details with Class Attended and the rows, or the empty message', async () => {
    mockTimetable();
    const rows = [
      {
        date: '02-11-2026',
        start_time: '09:00 AM',
        end_time: '09:45 AM',
        status: 'P',
        custom_class_type: 'Class',
        home_work_status: 'Done',
        remark: 'Attentive',
        homework_assigned: 'Exercise 2.1',
        attendance_note: 'Introduction to sets',
        topics_covered: 'Sets',
      },
      { ...rows0(), status: 'A', remark: 'Absent without leave' },
    ];
    let answer: unknown[] = rows;
    server.use(
      http.post('*/api/v1/reports/Student/attendance/:student/:batch', () =>
        HttpResponse.json({ statusCode: 200, message: '', result: answer }),
      ),
    );
    await openTimetable();
    const card = await screen.findByRole('article', { name: 'Mathematics 09:00 AM' });
    fireEvent.click(within(card).getByRole('button', { name: 'Attendance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attendance Details' });
    expect(await within(dialog).findByTestId('class-attended')).toHaveTextContent('1/2');
    expect(within(dialog).getByText('Class Attended:')).toBeInTheDocument();
    expect(within(dialog).getByText('Section:')).toBeInTheDocument();
    expect(within(dialog).getByText('Attentive')).toBeInTheDocument();
    expect(within(dialog).getByText('Absent without leave')).toBeInTheDocument();
    // Schools hide the class type column.
    expect(within(dialog).queryByRole('columnheader', { name: 'Class Type' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));

    answer = [];
    const online = await screen.findByRole('article', { name: 'Science 01:00 PM' });
    fireEvent.click(within(online).getByRole('button', { name: 'Attendance' }));
    expect(await screen.findByText('NO ATTENDANCE MARKED FOR THIS CLASS!')).toBeInTheDocument();
  });

  it('moves between months and shows the year as 12 tiles in 3 rows of 4', async () => {
    mockTimetable();
    await openTimetable();
    await screen.findByRole('table', { name: 'November 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('table', { name: 'December 2026' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'This Year' }));
    expect(await screen.findByText("Choose Month to view Live class, Exam's, classes")).toBeInTheDocument();
    const november = await screen.findByRole('button', { name: /^November 2026,\s*3 Schedules$/ });
    expect(screen.getByRole('button', { name: /^December 2026,\s*1 Schedule$/ })).toBeInTheDocument();
    expect(
      screen.getAllByRole('button', {
        name: /^(January|February|March|April|May|June|July|August|September|October|November|December) 2026/,
      }),
    ).toHaveLength(12);
    fireEvent.click(november);
    expect(await screen.findByRole('region', { name: 'Saturday 21-11-2026' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Monday 16-11-2026' })).toBeInTheDocument();
    // The academic year 2026-27 ends in 2027: one year forward, none back.
    expect(screen.getByRole('button', { name: 'Previous year' })).toBeDisabled();
  });

  it("ignores 'Please assign course!' silently", async () => {
    mockTimetable(() => HttpResponse.json({ code: 'BAD_REQUEST', message: 'Please assign course!' }, { status: 400 }));
    await openTimetable();
    expect(await screen.findByText('Schedule not Found On Selected Date')).toBeInTheDocument();
    expect(screen.queryByText('Please assign course!')).not.toBeInTheDocument();
    expect(screen.queryByTestId('timetable-backdrop')).not.toBeInTheDocument();
  });

  it('toasts another error, blocks the screen and goes to the dashboard after 2 s', async () => {
    fakeTimeouts();
    mockTimetable(() => HttpResponse.json({ code: 'BAD_REQUEST', message: 'Timetable is closed' }, { status: 400 }));
    const { router } = await openTimetable();
    expect(await screen.findByText('Timetable is closed')).toBeInTheDocument();
    expect(screen.getByTestId('timetable-backdrop')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/timetable');
    await vi.advanceTimersByTimeAsync(1900);
    expect(router.state.location.pathname).toBe('/timetable');
    await vi.advanceTimersByTimeAsync(200);
    // The dashboard's code loads on real time.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
  });

  it('shows the calendar-feed address once with Copy, and revokes it', async () => {
    mockTimetable();
    let active = false;
    server.use(
      http.get('*/api/v1/timeTable/calendar-feed/:i/:s', () =>
        HttpResponse.json({
          statusCode: 200,
          message: '',
          result: { active, created_at: active ? new Date().toISOString() : null, feed_url: null },
        }),
      ),
      http.post('*/api/v1/timeTable/calendar-feed/:i/:s', () => {
        active = true;
        return HttpResponse.json({
          statusCode: 200,
          message: '',
          result: {
            active,
            created_at: new Date().toISOString(),
            feed_url: 'http://localhost/api/v1/timeTable/ics/abc/calendar.ics',
          },
        });
      }),
      http.delete('*/api/v1/timeTable/calendar-feed/:i/:s', () => {
        active = false;
        return HttpResponse.json({
          statusCode: 200,
          message: '',
          result: { active, created_at: null, feed_url: null },
        });
      }),
    );
    await openTimetable();
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    fireEvent.click(await within(feed).findByRole('button', { name: 'Get calendar address' }));
    expect(
      await within(feed).findByDisplayValue('http://localhost/api/v1/timeTable/ics/abc/calendar.ics'),
    ).toBeInTheDocument();
    expect(within(feed).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    fireEvent.click(await within(feed).findByRole('button', { name: 'Revoke' }));
    expect(await within(feed).findByRole('button', { name: 'Get calendar address' })).toBeInTheDocument();
    expect(within(feed).queryByDisplayValue(/calendar\.ics/)).not.toBeInTheDocument();
  });
});

function rows0() {
  return {
    date: '09-11-2026',
    start_time: '09:00 AM',
    end_time: '09:45 AM',
    status: 'P',
    custom_class_type: 'Class',
    home_work_status: '',
    remark: '',
    homework_assigned: '',
    attendance_note: '',
    topics_covered: '',
  };
}
