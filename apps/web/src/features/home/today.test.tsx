import type { TodayAnswer } from '@campus/domain/today/today.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { greenfieldParent, greenfieldStudent, mockBranding, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const aaravDay: TodayAnswer['children'][number] = {
  student_id: 5001,
  user_id: 101,
  name: 'Aarav Sharma',
  lines: [
    {
      kind: 'class',
      title: 'Maths',
      detail: '09:00 AM – 10:00 AM',
      badge: 'Absent',
      path: '/timetable?date=2026-11-21',
    },
    {
      kind: 'homework',
      title: 'Fractions worksheet with a title long enough to wrap on a phone',
      detail: 'Maths · Due today 05:00 PM',
      badge: '',
      path: '/assignment/31',
    },
    { kind: 'fee', title: 'Installment 2', detail: 'Due on 24-11-2026', badge: 'Rs 1,500', path: '/fees' },
  ],
};
const diyaDay: TodayAnswer['children'][number] = {
  student_id: 5002,
  user_id: 102,
  name: 'Diya Sharma',
  lines: [
    { kind: 'test', title: 'Weekly science test', detail: 'Open until 05:00 PM', badge: '', path: '/exam' },
    { kind: 'notice', title: 'Class 7 picnic', detail: '20-11-2026 09:00 AM', badge: '', path: '/announcement' },
  ],
};

/** Answers home's calls, Today with `children`; returns how often Today was asked. */
function mockHome(children: TodayAnswer['children']) {
  const calls = { today: 0 };
  server.use(
    http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:id', () =>
      HttpResponse.json({ data: { result: [] } }),
    ),
    http.get('*/api/v1/banner-prom/for_student/:type', () =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: [], prom: null } }),
    ),
    http.get('*/api/v1/studentWise/fee/:instituteId/students/:studentId/:yearId', () =>
      HttpResponse.json({
        statusCode: 200,
        message: 'success',
        result: {
          total_fee_amount: 0,
          total_paid_amount: 0,
          total_unpaid_amount: 0,
          is_fine_configured: false,
          p_install_li: [],
          a_install_li: [],
        },
      }),
    ),
    http.get('*/api/v1/today', () => {
      calls.today += 1;
      return HttpResponse.json({ date: '21-11-2026', children } satisfies TodayAnswer);
    }),
  );
  return calls;
}

const todaySection = () => screen.findByRole('region', { name: 'Today' });

describe('Home: Today (issue 31)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(12));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a student their day in one request, grouped, each line a link to its screen', async () => {
    const calls = mockHome([aaravDay]);
    storeSession(greenfieldStudent());
    renderRoute('/dashboard');
    const section = await todaySection();
    expect(section).toHaveTextContent('21-11-2026');
    // A student's own day carries no child's name.
    expect(within(section).queryByRole('heading', { name: 'Aarav Sharma' })).not.toBeInTheDocument();
    expect(within(section).getByText('Classes today')).toBeInTheDocument();
    expect(within(section).getByText('Homework due')).toBeInTheDocument();
    expect(within(section).getByText('Fees due this week')).toBeInTheDocument();
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Maths09:00 AM – 10:00 AMAbsent', '/timetable?date=2026-11-21'],
      ['Fractions worksheet with a title long enough to wrap on a phoneMaths · Due today 05:00 PM', '/assignment/31'],
      ['Installment 2Due on 24-11-2026Rs 1,500', '/fees'],
    ]);
    expect(calls.today).toBe(1);
  });

  it('shows a parent every child in one view, each child’s lines under that child', async () => {
    mockHome([aaravDay, diyaDay]);
    storeSession(greenfieldParent());
    renderRoute('/dashboard');
    const section = await todaySection();
    const aarav = within(section).getByRole('region', { name: 'Aarav Sharma' });
    const diya = within(section).getByRole('region', { name: 'Diya Sharma' });
    expect(
      within(aarav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/timetable?date=2026-11-21', '/assignment/31', '/fees']);
    expect(aarav).not.toHaveTextContent('Weekly science test');
    expect(
      within(diya)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
      // The other child's lines name it, so one opened in a new tab switches there too.
    ).toEqual(['/exam?child=5002', '/announcement?child=5002']);
    expect(diya).not.toHaveTextContent('Fractions worksheet');
    expect(within(diya).getByText('Tests open now')).toBeInTheDocument();
  });

  it('opens the viewed child’s line at once, without switching', async () => {
    mockHome([aaravDay, diyaDay]);
    let switched = 0;
    server.use(
      http.post('*/api/v1/auth/switch-child', () => {
        switched += 1;
        return HttpResponse.json({});
      }),
    );
    storeSession(greenfieldParent());
    const { router } = renderRoute('/dashboard');
    const aarav = within(await todaySection()).getByRole('region', { name: 'Aarav Sharma' });
    await userEvent.click(within(aarav).getByRole('link', { name: /Installment 2/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fees'));
    expect(switched).toBe(0);
    expect(getSession()?.student_id).toBe(5001);
  });

  it('views the other child first, then opens the line’s screen', async () => {
    mockHome([aaravDay, diyaDay]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/auth/switch-child', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          statusCode: 200,
          message: 'success',
          result: greenfieldParent({ user_id: 102, student_id: 5002, stud_id: 5002, name: 'Diya Sharma' }),
        });
      }),
    );
    storeSession(greenfieldParent());
    const { router } = renderRoute('/dashboard');
    const diya = within(await todaySection()).getByRole('region', { name: 'Diya Sharma' });
    await userEvent.click(within(diya).getByRole('link', { name: /Class 7 picnic/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcement'));
    expect(bodies).toEqual([{ student_id: 5002 }]);
    expect(getSession()).toMatchObject({ student_id: 5002, user_id: 102, name: 'Diya Sharma' });
  });

  it('stays put and says why when the child cannot be viewed', async () => {
    mockHome([aaravDay, diyaDay]);
    server.use(
      http.post('*/api/v1/auth/switch-child', () =>
        HttpResponse.json(
          { code: 'CONFLICT', message: 'Kindly clear fees dues to successfully login.' },
          { status: 409 },
        ),
      ),
    );
    storeSession(greenfieldParent());
    const { router } = renderRoute('/dashboard');
    const diya = within(await todaySection()).getByRole('region', { name: 'Diya Sharma' });
    await userEvent.click(within(diya).getByRole('link', { name: /Weekly science test/ }));
    expect(await screen.findByText('Kindly clear fees dues to successfully login.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getSession()?.student_id).toBe(5001);
  });

  it('shows three lines of a busy group, and the rest on asking', async () => {
    const tests = [1, 2, 3, 4, 5].map((n) => ({
      kind: 'test' as const,
      title: `Test ${n}`,
      detail: 'Open until 05:00 PM',
      badge: '',
      path: '/exam',
    }));
    mockHome([{ ...aaravDay, lines: tests }]);
    storeSession(greenfieldStudent());
    renderRoute('/dashboard');
    const section = await todaySection();
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Test 1Open until 05:00 PM', 'Test 2Open until 05:00 PM', 'Test 3Open until 05:00 PM']);
    await userEvent.click(within(section).getByRole('button', { name: 'Show 2 more: Tests open now' }));
    expect(within(section).getAllByRole('link')).toHaveLength(5);
    expect(within(section).queryByRole('button', { name: /Show .* more/ })).not.toBeInTheDocument();
  });

  it('is not shown when nothing is due for anyone', async () => {
    mockHome([{ ...aaravDay, lines: [] }]);
    storeSession(greenfieldStudent());
    renderRoute('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await screen.findByText(/No Record found/i);
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
  });
});
