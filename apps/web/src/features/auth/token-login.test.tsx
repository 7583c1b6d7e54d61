import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { stayedElsewhereText } from './components/token-login.tsx';
import { greenfieldStudent, loginAnswer, mockLogin, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { advanceUntil, fakeTimeouts } from '../../test/timers.ts';

const ssoResult = {
  status: 'success',
  key: 'one-time-key-123',
  phone: '9000000001',
  email_id: 'aarav@greenfield.test',
  inst_id: 1,
  redirect_url: 'https://erp.greenfield.test/home',
};

function mockExchange(answer: () => Response) {
  const tokens: unknown[] = [];
  server.use(
    http.post('*/prod/ext/sso/login', async ({ request }) => {
      tokens.push(await request.json());
      return answer();
    }),
  );
  return tokens;
}

describe('/userLogin (single sign-on by link)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(15));
  });
  afterEach(() => vi.useRealTimers());

  it('exchanges the token once, logs in with the phone and key, and opens the dashboard after 1 s', async () => {
    const tokens = mockExchange(() => HttpResponse.json({ data: { result: ssoResult } }));
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    fakeTimeouts();
    const { router } = renderRoute('/userLogin?token=tok-1');
    expect(await screen.findByText('Signing you in…')).toBeInTheDocument();
    await waitFor(() => expect(getSession()).not.toBeNull());
    const signedInAt = Date.now();
    expect(router.state.location.pathname).toBe('/userLogin');
    await advanceUntil(() => router.state.location.pathname !== '/userLogin');
    expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(900);
    expect(await screen.findByRole('heading', { name: 'Good Afternoon, Aarav Sharma' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(tokens).toEqual([{ token: 'tok-1' }]);
    expect(bodies[0]).toMatchObject({ user_name: '9000000001', password: 'one-time-key-123' });
    expect(sessionStorage.getItem('login_via_token')).toBe('1');
    expect(sessionStorage.getItem('redirect_url')).toBe('https://erp.greenfield.test/home');
  });

  it('logs in by email when the result has no phone', async () => {
    mockExchange(() => HttpResponse.json({ data: { result: { ...ssoResult, phone: '' } } }));
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    renderRoute('/userLogin?token=tok-2');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ user_name: 'aarav@greenfield.test', password: 'one-time-key-123' });
  });

  it('shows the error page without a token', async () => {
    const { router } = renderRoute('/userLogin');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/errorPage');
  });

  it.each([
    ['a refused exchange', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Link expired' }, { status: 404 })],
    ['an exchange without result', () => HttpResponse.json({ data: { result: null } })],
  ])('shows the error page after %s', async (_case, answer) => {
    mockExchange(answer);
    renderRoute('/userLogin?token=used');
    expect(await screen.findByText('The login link might be invalid or expired.')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('remembers the redirect address when the status is not success', async () => {
    mockExchange(() => HttpResponse.json({ data: { result: { ...ssoResult, status: 'expired' } } }));
    renderRoute('/userLogin?token=old');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(sessionStorage.getItem('redirect_url')).toBe('https://erp.greenfield.test/home');
    expect(sessionStorage.getItem('login_via_token')).toBeNull();
  });

  it('shows the error page when the key does not sign in', async () => {
    mockExchange(() => HttpResponse.json({ data: { result: ssoResult } }));
    mockLogin(() => HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Invailid Login Details' }, { status: 401 }));
    renderRoute('/userLogin?token=tok-3');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});

describe('/userLogin for an account signed in on another device (defect 3)', () => {
  const otherDevice = () => loginAnswer({ login_option: 10, is_login_allowed: 1 });

  it('asks, as the login form does, and signs in here after Yes', async () => {
    mockExchange(() => HttpResponse.json({ data: { result: ssoResult } }));
    const bodies = mockLogin(otherDevice, () => loginAnswer(greenfieldStudent()));
    const { router } = renderRoute('/userLogin?token=tok-busy');
    const dialog = await screen.findByRole('dialog', { name: 'Already signed in' });
    expect(dialog).toHaveTextContent(
      'You are already logged in on another device. Do you want to use here? You will be logged out from other devices.',
    );
    expect(screen.queryByText('The login link might be invalid or expired.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(getSession()).not.toBeNull());
    expect(bodies[1]).toMatchObject({ password: 'one-time-key-123', logout_from_all_devices: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 3000 });
  });

  it('after No, says what happened and what to do', async () => {
    mockExchange(() => HttpResponse.json({ data: { result: ssoResult } }));
    mockLogin(otherDevice);
    renderRoute('/userLogin?token=tok-busy');
    const dialog = await screen.findByRole('dialog', { name: 'Already signed in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stayedElsewhereText);
    expect(getSession()).toBeNull();
  });

  it('a login the institute stops shows its reason on the error page', async () => {
    mockExchange(() => HttpResponse.json({ data: { result: ssoResult } }));
    mockLogin(() => loginAnswer({ login_option: 13, is_login_allowed: 1 }));
    renderRoute('/userLogin?token=tok-blocked');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account has been blocked. Please contact your institute/school!',
    );
  });
});
