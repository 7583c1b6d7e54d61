import type { Session } from '@campus/domain/auth/auth.contract';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { apexStudent, greenfieldStudent, mockBranding, storeSession, testDay } from '../test/fixtures.ts';
import { renderRoute } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { releaseReloadDeclinedKey, releaseReloadKey, RouteErrorBoundary } from './routes/route-error.tsx';
import { stopOfflineRecovery } from '../lib/offline-query.ts';

const offlineText = 'Please check your internet connection!';

/** The browser says it is offline and every call fails without an answer, as in Chromium's offline mode. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
  server.use(http.all('*', () => HttpResponse.error()));
}

/** The connection is back (the browser's online event). */
function goOnline() {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
  server.resetHandlers();
  mockBranding();
}

const buyer = (overrides: Partial<Session> = {}) =>
  apexStudent({ user_id: 203, user_type: 99, student_id: null, stud_id: null, name: 'Dev Buyer', ...overrides });

async function open(path: string, session: Session) {
  // The dashboard's own calls answer (empty) until a test drops the connection.
  server.use(
    http.get('*/api/v1/announcementBannerPromotion/*', () =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: [] }),
    ),
  );
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('navigation', { name: 'Main menu' });
  return view;
}

describe('screens under a dropped connection (loading, offline, failed, empty)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => {
    vi.useRealTimers();
    // The screens are gone: their offline queries must not ask again on the online event below (lib/offline-query).
    stopOfflineRecovery();
    goOnline();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('login offline says Network Error instead of spinning', async () => {
    renderRoute('/');
    await screen.findByRole('textbox', { name: 'Login' });
    goOffline();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Login' }), '9000000001');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent('Network Error');
  });

  it('My Products offline shows the connection message and Retry, never "Active (0) Expired (0)"', async () => {
    await open('/dashboard', buyer());
    goOffline();
    await userEvent.click(screen.getByRole('link', { name: 'My Products' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineText);
    expect(screen.queryByRole('tab', { name: /Active/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No Products Available')).not.toBeInTheDocument();

    // Back online: Retry loads the list.
    goOnline();
    server.use(
      http.get('*/prod/student-product/my-products', () =>
        HttpResponse.json({ statusCode: 200, message: 'success', result: [] }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Active (0)' })).toBeInTheDocument();
    expect(screen.getAllByText('No Products Available').length).toBeGreaterThan(0);
  });

  it('My Products tells a server failure from an empty list', async () => {
    server.use(
      http.get('*/prod/student-product/my-products', () =>
        HttpResponse.json({ code: 'INTERNAL', message: '' }, { status: 500 }),
      ),
    );
    await open('/product', buyer());
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    expect(screen.queryByRole('tab', { name: /Active/ })).not.toBeInTheDocument();
  });

  it('Profile offline is not blank: the connection message and Retry', async () => {
    await open('/dashboard', greenfieldStudent());
    goOffline();
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { name: 'Profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineText);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Homework offline says so rather than leaving for the dashboard', async () => {
    await open('/dashboard', greenfieldStudent());
    goOffline();
    await userEvent.click(screen.getByRole('link', { name: 'Homework' }));
    await screen.findByRole('heading', { name: 'Homework' });
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineText);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Home offline says so instead of "No Record found !"', async () => {
    goOffline();
    storeSession(greenfieldStudent());
    renderRoute('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineText);
    expect(screen.queryByText('No Record found !')).not.toBeInTheDocument();
  });
});

describe('defect 1: Profile of an open-course user', () => {
  beforeEach(() => mockBranding());
  afterEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });

  it('shows the account and contact the session holds and Change Password, not "Not Found"', async () => {
    await open('/Profile', buyer({ email_id: 'buyer@apex.test', student_phone: '9100000099' }));
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('Dev Buyer')).toBeInTheDocument();
    expect(screen.getByText('buyer@apex.test')).toBeInTheDocument();
    expect(screen.getByText('9100000099')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByText('Not Found')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});

describe('route error element (React Router’s developer page never shows)', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const chunkFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js'));

  function renderFailing(load: () => Promise<never>) {
    const Screen = lazy(load);
    return render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <Screen />
            </Suspense>
          </RouteErrorBoundary>
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('a script that fails to load online (a release renamed it) reloads the page once', async () => {
    renderFailing(chunkFailure);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(Number(sessionStorage.getItem(releaseReloadKey))).toBeGreaterThan(0);
    expect(sessionStorage.getItem(releaseReloadDeclinedKey)).toBeNull();
  });

  it('the same failure again right after the reload shows Network Error and Retry instead of looping', async () => {
    sessionStorage.setItem(releaseReloadKey, String(Date.now() - 5_000));
    renderFailing(chunkFailure);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    // The mark the browser tests wait for: the guard chose to show the failure, not to reload again.
    await waitFor(() => expect(Number(sessionStorage.getItem(releaseReloadDeclinedKey))).toBeGreaterThan(0));
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Hey developer/)).not.toBeInTheDocument();
  });

  it('offline, a script that fails says to check the connection and does not reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderFailing(chunkFailure);
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineText);
    expect(reload).not.toHaveBeenCalled();
  });

  it('any other failure reads Network Error, in the app’s design', async () => {
    renderFailing(() => Promise.reject(new Error('boom')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
