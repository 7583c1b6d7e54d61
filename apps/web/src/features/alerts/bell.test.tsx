import type { Alert } from '@campus/domain/alerts/alerts.contract';
import type { Session } from '@campus/domain/auth/auth.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { greenfieldParent, greenfieldStudent, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const alert = (overrides: Partial<Alert>): Alert => ({
  alert_id: 1,
  kind: 'absence',
  title: 'Aarav Sharma was absent on 20-11-2026',
  body: 'Aarav Sharma was marked absent in Maths and Science.',
  student_id: 5001,
  path: '/timetable?date=2026-11-20',
  created_at: '2026-11-20T04:30:00.000Z',
  read: false,
  ...overrides,
});

/** The bell answers `alerts`; what the app marks read and switches to is recorded. */
function serve(alerts: Alert[]) {
  const calls = { read: [] as number[][], switched: [] as number[] };
  server.use(
    http.get('*/api/v1/alerts/bell', () => HttpResponse.json({ unread: alerts.filter((a) => !a.read).length, alerts })),
    http.post('*/api/v1/alerts/bell/read', async ({ request }) => {
      const { alert_ids } = (await request.json()) as { alert_ids: number[] };
      calls.read.push(alert_ids);
      for (const a of alerts) if (alert_ids.includes(a.alert_id)) a.read = true;
      return HttpResponse.json({ unread: alerts.filter((a) => !a.read).length });
    }),
    http.post('*/api/v1/auth/switch-child', async ({ request }) => {
      const { student_id } = (await request.json()) as { student_id: number };
      calls.switched.push(student_id);
      const diya: Session = greenfieldParent({
        name: 'Diya Sharma',
        user_id: 102,
        student_id,
        stud_id: student_id,
        student_auth: 'diya-session',
      });
      return HttpResponse.json({ statusCode: 200, message: 'Switched', result: diya });
    }),
    // The screens behind the header are not what these tests read: they find nothing.
    http.all('*/api/*', () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })),
  );
  return calls;
}

describe('the bell (issue 31)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(20));
  });
  afterEach(() => vi.useRealTimers());

  it("says the unread count in its name, and opens a parent's alert about another child on that child", async () => {
    const calls = serve([
      alert({ alert_id: 1 }),
      alert({
        alert_id: 2,
        title: 'Diya Sharma was absent on 21-11-2026',
        body: 'Diya Sharma was marked absent in English.',
        student_id: 5002,
        path: '/timetable?date=2026-11-21',
        created_at: '2026-11-21T04:30:00.000Z',
      }),
      alert({
        alert_id: 3,
        kind: 'fee-due',
        title: 'Fee due soon',
        body: '₹ 5,000 is due.',
        path: '/fees',
        read: true,
      }),
    ]);
    storeSession(greenfieldParent());
    const { router } = renderRoute('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Alerts, 2 unread' });
    await userEvent.click(bell);
    const diya = await screen.findByRole('button', { name: /^Unread: Diya Sharma was absent on 21-11-2026/ });
    // The whole text is there to read, not cut.
    expect(within(diya).getByText('Diya Sharma was marked absent in English.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Fee due soon/ })).toBeInTheDocument();
    await userEvent.click(diya);
    await waitFor(() => expect(router.state.location.pathname).toBe('/timetable'));
    expect(router.state.location.search).toBe('?date=2026-11-21');
    expect(calls.switched).toEqual([5002]);
    expect(calls.read).toEqual([[2]]);
    // The app now views Diya: the stored session is hers.
    expect(getSession()).toMatchObject({ student_id: 5002, name: 'Diya Sharma', student_auth: 'diya-session' });
  });

  it('opens an alert about the child already viewed without switching', async () => {
    const calls = serve([
      alert({ alert_id: 7, kind: 'fee-overdue', title: 'Fee overdue', body: 'Overdue.', path: '/fees' }),
    ]);
    storeSession(greenfieldParent());
    const { router } = renderRoute('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: Fee overdue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fees'));
    expect(calls.switched).toEqual([]);
    expect(calls.read).toEqual([[7]]);
  });

  it('marks every unread alert read at once', async () => {
    const calls = serve([
      alert({ alert_id: 1 }),
      alert({ alert_id: 2, student_id: 5001 }),
      alert({ alert_id: 3, read: true }),
    ]);
    storeSession(greenfieldStudent());
    renderRoute('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Alerts', expanded: true })).toBeInTheDocument();
    expect(calls.read).toEqual([[1, 2]]);
    expect(screen.queryByRole('button', { name: /^Unread:/ })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and leads to the settings', async () => {
    serve([]);
    storeSession(greenfieldStudent());
    const { router } = renderRoute('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Alert settings' }));
    await waitFor(() => expect(router.state.location.search).toBe('?section=alerts'));
  });

  it('an address naming another child (a phone notification) switches to it, and the parameter leaves the address', async () => {
    const calls = serve([]);
    storeSession(greenfieldParent());
    const { router } = renderRoute('/fees?year=4&child=5002');
    await waitFor(() => expect(router.state.location.search).toBe('?year=4'));
    expect(router.state.location.pathname).toBe('/fees');
    expect(calls.switched).toEqual([5002]);
    expect(getSession()).toMatchObject({ student_id: 5002 });
  });

  it('an address naming the child already viewed only loses the parameter', async () => {
    const calls = serve([]);
    storeSession(greenfieldParent());
    const { router } = renderRoute('/fees?child=5001');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.switched).toEqual([]);
  });
});
