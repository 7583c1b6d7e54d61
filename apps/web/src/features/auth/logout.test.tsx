import { libraryPages } from '@campus/domain/library/library.page';
import { livePages } from '@campus/domain/live/live.page';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../components/toast.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { getSession } from '../../lib/session.ts';
import {
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  mockLogout,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

async function openDashboard() {
  const view = renderRoute('/dashboard');
  await screen.findByRole('heading', { level: 1, name: /Good Morning/ });
  return view;
}

async function logOutFromProfileMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Profile menu' }));
  await user.click(await screen.findByRole('button', { name: 'Logout' }));
}

describe('logout', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
    localStorage.setItem('product_tab', 'prod_expired');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tells the server, clears the session, resets the product tab and opens the login screen', async () => {
    const session = greenfieldStudent();
    storeSession(session);
    const calls = mockLogout();
    const { router } = await openDashboard();
    await logOutFromProfileMenu();
    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toEqual([{ deviceId: 'device-test', authorization: session.student_auth }]);
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('product_tab')).toBe('prod_ongoing');
  });

  it('clears the session even when the server call fails', async () => {
    storeSession(greenfieldStudent());
    mockLogout(500);
    await openDashboard();
    await logOutFromProfileMenu();
    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('product_tab')).toBe('prod_ongoing');
  });

  it('returns to the institute’s address after a link login', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    storeSession(greenfieldStudent());
    sessionStorage.setItem('login_via_token', '1');
    sessionStorage.setItem('redirect_url', 'https://erp.greenfield.test/home');
    mockLogout();
    await openDashboard();
    await logOutFromProfileMenu();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://erp.greenfield.test/home'));
    expect(getSession()).toBeNull();
  });
});

describe('a 403 from any call', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('logs out and shows the server message on the login screen', async () => {
    storeSession(greenfieldParent());
    const calls = mockLogout();
    server.use(
      http.get('*/api/v1/some/screen-data', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'Your session was ended by the institute.' }, { status: 403 }),
      ),
    );
    const { router } = await openDashboard();
    await expect(apiRequest('/api/v1/some/screen-data')).rejects.toMatchObject({ status: 403 });
    const alert = await screen.findByRole('dialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('Your session was ended by the institute.');
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    expect(calls).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alert' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
  });

  it('says the message of a forced logout once: the Alert, no toast as well (defect 7)', async () => {
    storeSession(greenfieldStudent());
    const calls = mockLogout();
    const message = 'Your session was ended by the institute.';
    server.use(
      http.post('*/api/v2/onlineAssignment/student/getAssignmentsDetail', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message }, { status: 403 }),
      ),
    );
    renderRoute('/assignment');
    // A screen that toasted the same failure (as the screens did) before the logout ran.
    showToast(message, 'error');
    const alert = await screen.findByRole('dialog', { name: 'Alert' });
    expect(alert).toHaveTextContent(message);
    // Once the logout has gone out, the screen that failed is gone too: no toast can follow the Alert.
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Alert' })).toHaveTextContent(message);
  });

  // The logout's own call still on its way (a slow phone): the screen that failed is still there when its answer
  // comes, and a toast of its own would outlive the logout's clearing of the toasts.
  it.each([livePages.live, libraryPages.studyLibrary])(
    'says the message once when %s is refused while the logout’s call is slow (defect 7)',
    async (path) => {
      storeSession(greenfieldStudent());
      const message = 'You have been logged out. Please login again.';
      let answerLogout = () => {};
      const logoutHeld = new Promise<void>((resolve) => (answerLogout = resolve));
      server.use(
        http.get('*/api/v1/alternateLogin/logout', async () => {
          await logoutHeld;
          return HttpResponse.json({ statusCode: 200, message: 'Logged out', result: null });
        }),
        http.all('*/api/*', () => HttpResponse.json({ code: 'FORBIDDEN', message }, { status: 403 })),
      );
      // Every call of the screen refused; the institute's branding (the login screen's) still answered.
      mockBranding();
      const toasts = vi.spyOn(notifications, 'show');
      const { queryClient } = renderRoute(path);
      await waitFor(() =>
        expect(
          queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }),
        ).not.toEqual([]),
      );
      // The screen's render of its failure, deferred ones included.
      await act(() => Promise.resolve());
      expect(toasts.mock.calls.map(([toast]) => toast.message)).not.toContain(message);
      answerLogout();
      const alert = await screen.findByRole('dialog', { name: 'Alert' });
      expect(alert).toHaveTextContent(message);
      expect(screen.getAllByText(message)).toHaveLength(1);
    },
  );

  it('shows the link of an ": app_link :" message', async () => {
    storeSession(greenfieldStudent());
    mockLogout();
    server.use(
      http.get('*/api/v1/some/screen-data', () =>
        HttpResponse.json(
          { code: 'FORBIDDEN', message: 'Please use our new app : app_link : https://apps.greenfield.test/portal' },
          { status: 403 },
        ),
      ),
    );
    await openDashboard();
    await apiRequest('/api/v1/some/screen-data').catch(() => undefined);
    const alert = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(alert).getByText('Please use our new app')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'https://apps.greenfield.test/portal' })).toHaveAttribute(
      'href',
      'https://apps.greenfield.test/portal',
    );
    expect(alert).not.toHaveTextContent('app_link');
  });

  it('does not loop when the logout call itself answers 403', async () => {
    storeSession(greenfieldStudent());
    let logoutCalls = 0;
    server.use(
      http.get('*/api/v1/alternateLogin/logout', () => {
        logoutCalls += 1;
        return HttpResponse.json({ code: 'FORBIDDEN', message: 'Session revoked' }, { status: 403 });
      }),
      http.get('*/api/v1/some/screen-data', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'Session revoked' }, { status: 403 }),
      ),
    );
    await openDashboard();
    await apiRequest('/api/v1/some/screen-data').catch(() => undefined);
    expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent('Session revoked');
    expect(logoutCalls).toBe(1);
  });
});
