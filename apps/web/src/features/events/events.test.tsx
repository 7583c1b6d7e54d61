import type { Session } from '@campus/domain/auth/auth.contract';
import type { EventItem, EventsByDay } from '@campus/domain/events/events.contract';
import { eventDateLabel, eventDateRange } from '@campus/domain/events/events-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  mockLogout,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { advanceUntil, fakeTimeouts } from '../../test/timers.ts';

/** An event as the server lists it, from its first to its last day. */
function event(start: string, end: string, overrides: Partial<EventItem>): EventItem {
  return {
    event_type: 1,
    holiday_type: null,
    title_name: 'Event',
    document_url: '',
    event_start_Date: eventDateLabel(start),
    event_end_date: eventDateLabel(end),
    event_date_range: eventDateRange(start, end),
    is_all_day_event: true,
    event_start_time: null,
    event_end_time: null,
    standardNamesList: [],
    userTypeList: [],
    holiday_desc: '',
    dayOfWeekList: [],
    ...overrides,
  };
}

const sundayOff = () =>
  event('2026-04-01', '2027-03-31', { event_type: 3, title_name: 'Sunday weekly off', dayOfWeekList: [0] });
const foundersDay = event('2026-11-05', '2026-11-05', {
  title_name: 'Founders Day holiday',
  holiday_desc: 'School remains closed.',
});
const meeting = event('2026-11-12', '2026-11-12', {
  event_type: 2,
  holiday_type: 1,
  title_name: 'Parent-teacher meeting',
  is_all_day_event: false,
  event_start_time: '10:00 AM',
  event_end_time: '01:00 PM',
  standardNamesList: ['Class 6', 'Class 7'],
  userTypeList: [1, 2],
  holiday_desc: 'Meet the class teacher about the term report.',
});
const football = event('2026-11-21', '2026-11-21', {
  event_type: 2,
  holiday_type: 2,
  title_name: 'Inter-house football final',
  is_all_day_event: false,
  event_start_time: '03:30 PM',
  event_end_time: '05:00 PM',
  userTypeList: [1],
});
const midTerm = event('2026-11-28', '2026-12-03', {
  title_name: 'Mid-term break for all students and staff',
  holiday_desc: 'Classes resume after the break.',
});
const workshop = event('2026-11-20', '2026-11-20', {
  event_type: 2,
  holiday_type: 1,
  title_name: 'Staff development workshop',
  userTypeList: [3],
});

const november: EventsByDay = {
  '2026-11-01': [sundayOff()],
  '2026-11-05': [foundersDay],
  '2026-11-08': [sundayOff()],
  '2026-11-12': [meeting],
  '2026-11-21': [football],
  '2026-11-28': [midTerm],
  '2026-11-29': [sundayOff(), midTerm],
  '2026-11-30': [midTerm],
};
const december: EventsByDay = { '2026-12-01': [midTerm], '2026-12-02': [midTerm], '2026-12-03': [midTerm] };

type Body = Record<string, unknown>;

function mockEvents(answer: (body: Body) => Response = (body) => HttpResponse.json(monthOf(body))) {
  const bodies: Body[] = [];
  server.use(
    http.post('*/api/v1/holiday_manager/getDetail', async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

function monthOf(body: Body): EventsByDay {
  const shown = body.month === 11 ? november : body.month === 12 ? december : {};
  if (!body.is_all_event_for_student || body.month !== 11) return shown;
  return { ...shown, '2026-11-20': [workshop] };
}

async function openCalendar(session: Session = greenfieldStudent()) {
  storeSession(session);
  const view = renderRoute('/eventCalender');
  await screen.findByRole('heading', { level: 1, name: 'Event Calender' });
  return view;
}

const dayCell = (name: string | RegExp) => screen.findByRole('button', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('Event calendar (spec part 2 §2.6)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('opens on this month in My Event mode, asking for it as §7 says, with today marked and a Today button', async () => {
    const bodies = mockEvents();
    await openCalendar();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    const today = await dayCell('Saturday 21-11-2026, 1 event');
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(within(today).getByText('Inter-house football final')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My Event' })).toBeChecked();
    expect(bodies[0]).toEqual({
      institution_id: 1,
      month: 11,
      year: 2026,
      student_id: 5001,
      is_all_event_for_student: false,
      event_type: 0,
      search_date: null,
      is_yearly_view: false,
    });
  });

  it('draws holidays green, events orange and weekly offs grey, and a multi-day event on each of its days', async () => {
    mockEvents();
    await openCalendar();
    const colourOf = async (day: string, title: string) =>
      within(await dayCell(new RegExp(`^${day}`)))
        .getByText(title)
        .getAttribute('style');
    expect(await colourOf('Thursday 05-11-2026', 'Founders Day holiday')).toContain('--mantine-color-green-1');
    expect(await colourOf('Thursday 12-11-2026', 'Parent-teacher meeting')).toContain('--mantine-color-orange-1');
    expect(await colourOf('Sunday 08-11-2026', 'Sunday weekly off')).toContain('--mantine-color-gray-1');
    for (const day of ['Saturday 28-11-2026', 'Sunday 29-11-2026', 'Monday 30-11-2026']) {
      expect(within(await dayCell(new RegExp(`^${day}`))).getByText('Mid-term break for all student...')).toBeVisible();
    }
    expect(screen.getByRole('button', { name: 'Friday 27-11-2026, 0 events' })).toBeInTheDocument();
  });

  it('moves to the previous and next months, and Today comes back to this one', async () => {
    const bodies = mockEvents();
    const user = userEvent.setup();
    await openCalendar();
    await dayCell(/^Saturday 21-11-2026/);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();
    // The break that began in November goes on into December.
    expect(await dayCell('Tuesday 01-12-2026, 1 event')).toHaveTextContent('Mid-term break for all student...');
    expect(bodies.at(-1)).toMatchObject({ month: 12, year: 2026 });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'January 2027' })).toBeInTheDocument();
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ month: 1, year: 2027 }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'October 2026' })).toBeInTheDocument();
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ month: 10, year: 2026 }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
  });

  it('shows all events, the teachers’ ones too, in All Events mode', async () => {
    const bodies = mockEvents();
    const user = userEvent.setup();
    await openCalendar();
    expect(await dayCell('Friday 20-11-2026, 0 events')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All Events' }));
    expect(await dayCell('Friday 20-11-2026, 1 event')).toHaveTextContent('Staff development workshop');
    expect(bodies.at(-1)).toMatchObject({ month: 11, year: 2026, is_all_event_for_student: true });
    await user.click(screen.getByRole('radio', { name: 'My Event' }));
    expect(await dayCell('Friday 20-11-2026, 0 events')).toBeInTheDocument();
  });

  it('lists a day’s events in a popup and opens one with every field; Back returns to the list', async () => {
    mockEvents();
    const user = userEvent.setup();
    await openCalendar();
    await user.click(await dayCell('Thursday 12-11-2026, 1 event'));
    const day = await dialog('Thursday 12-11-2026');
    await user.click(within(day).getByRole('button', { name: /Parent-teacher meeting/ }));
    const detail = await dialog('Parent-teacher meeting');
    const field = (label: string) => within(detail).getByRole('rowheader', { name: label }).nextElementSibling;
    expect(within(detail).getByText('Academic')).toBeInTheDocument();
    expect(within(detail).queryByText('All Day')).not.toBeInTheDocument();
    expect(field('Date')).toHaveTextContent('12-11-2026');
    expect(field('Time')).toHaveTextContent('10:00 AM - 01:00 PM');
    expect(field('Standard')).toHaveTextContent('Class 6, Class 7');
    expect(field('Audience')).toHaveTextContent('Student, Custom User');
    expect(field('Description')).toHaveTextContent('Meet the class teacher about the term report.');
    await user.click(within(detail).getByRole('button', { name: 'Back' }));
    expect(await dialog('Thursday 12-11-2026')).toBeInTheDocument();
    await user.click(within(await dialog('Thursday 12-11-2026')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cuts a long title to 30 characters plus ... with the full title on hover, and fills empty fields with -', async () => {
    mockEvents();
    const user = userEvent.setup();
    await openCalendar();
    // A later day of the break: the copy opens the same event, with its whole range.
    await user.click(await dayCell('Sunday 29-11-2026, 2 events'));
    const day = await dialog('Sunday 29-11-2026');
    expect(within(day).getByText('Sunday weekly off')).toBeInTheDocument();
    await user.click(within(day).getByRole('button', { name: /Mid-term break/ }));
    const detail = await dialog('Mid-term break for all student...');
    expect(within(detail).getByTitle('Mid-term break for all students and staff')).toHaveTextContent(
      'Mid-term break for all student...',
    );
    const field = (label: string) => within(detail).getByRole('rowheader', { name: label }).nextElementSibling;
    expect(within(detail).getByText('All Day')).toBeInTheDocument();
    expect(field('Date')).toHaveTextContent('28-11-2026 to 03-12-2026');
    expect(within(detail).queryByRole('rowheader', { name: 'Time' })).not.toBeInTheDocument();
    expect(field('Standard')).toHaveTextContent(/^-$/);
    expect(field('Audience')).toHaveTextContent(/^-$/);
    // A type 1 event has no category tag.
    expect(within(detail).queryByText('Academic')).not.toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    await user.click(await dayCell('Saturday 21-11-2026, 1 event'));
    await user.click(within(await dialog('Saturday 21-11-2026')).getByRole('button', { name: /football/ }));
    const football = await dialog('Inter-house football final');
    expect(within(football).getByText('Sports')).toBeInTheDocument();
    expect(within(football).getByRole('rowheader', { name: 'Description' }).nextElementSibling).toHaveTextContent(
      /^-$/,
    );
    expect(within(football).getByRole('rowheader', { name: 'Audience' }).nextElementSibling).toHaveTextContent(
      /^Student$/,
    );
  });

  it('says so in the popup of a day without events', async () => {
    mockEvents();
    const user = userEvent.setup();
    await openCalendar();
    await user.click(await dayCell('Friday 27-11-2026, 0 events'));
    expect(within(await dialog('Friday 27-11-2026')).getByText('No events on this day.')).toBeInTheDocument();
  });

  it('opens on the start month of a past academic year, without a Today button', async () => {
    const bodies = mockEvents();
    await openCalendar(greenfieldStudent({ acad_yr_id: 3 }));
    expect(await screen.findByRole('heading', { level: 2, name: 'April 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
    await waitFor(() => expect(bodies[0]).toMatchObject({ month: 4, year: 2025 }));
  });

  it('shows a parent their selected child’s events', async () => {
    const bodies = mockEvents();
    await openCalendar(greenfieldParent());
    expect(await dayCell('Saturday 21-11-2026, 1 event')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ student_id: 5001, is_all_event_for_student: false });
  });

  it('is not for coaching institutes: the address leads to the dashboard without asking for events', async () => {
    const bodies = mockEvents();
    mockDashboard();
    storeSession(apexStudent());
    const { router } = renderRoute('/eventCalender');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Event Calender' })).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});

/** The dashboard a refused or failed calendar returns to asks for its banners and notices. */
function mockDashboard() {
  server.use(
    http.get('*/api/v1/banner-prom/for_student/:userType', () =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: [], prom: null } }),
    ),
    http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId', () =>
      HttpResponse.json({ data: { result: [] } }),
    ),
  );
}

describe('Event calendar load errors (spec part 2 §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
    mockDashboard();
  });
  afterEach(() => vi.useRealTimers());

  it('toasts the server’s message and goes to the dashboard 2 seconds later', async () => {
    fakeTimeouts();
    mockEvents(() => HttpResponse.json({ code: 'INTERNAL', message: 'Calendar is resting' }, { status: 500 }));
    const { router } = await openCalendar();
    expect(await screen.findByText('Calendar is resting')).toBeInTheDocument();
    const shownAt = Date.now();
    await advanceUntil(() => router.state.location.pathname === '/dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
  });

  it('toasts a generic error and stays without a server message', async () => {
    fakeTimeouts();
    mockEvents(() => HttpResponse.error());
    const { router } = await openCalendar();
    expect(await screen.findByText('Please check your internet connection!')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3000);
    expect(router.state.location.pathname).toBe('/eventCalender');
  });

  it('logs out with the server’s message on 403', async () => {
    mockEvents(() =>
      HttpResponse.json(
        { code: 'FORBIDDEN', message: 'You have been logged out. Please login again.' },
        { status: 403 },
      ),
    );
    const logouts = mockLogout();
    const { router } = await openCalendar();
    expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent(
      'You have been logged out. Please login again.',
    );
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    expect(logouts).toHaveLength(1);
  });
});
