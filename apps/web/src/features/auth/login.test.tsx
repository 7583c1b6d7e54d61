import { decodeCredential } from '@campus/domain/auth/credential';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import {
  greenfieldParent,
  greenfieldStudent,
  loginAnswer,
  mockBranding,
  mockLogin,
  mockLogout,
  roleEntry,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { advanceUntil, fakeTimeouts } from '../../test/timers.ts';

/** Opens the login screen once its form is there. */
async function openLogin(path = '/') {
  const view = renderRoute(path);
  await screen.findByRole('textbox', { name: 'Login' });
  return view;
}

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  if (login) await user.type(screen.getByRole('textbox', { name: 'Login' }), login);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('login screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the institute logo, the heading and the sign-in fields', async () => {
    await openLogin();
    expect(await screen.findByRole('img', { name: 'Greenfield Public School logo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Login' })).toHaveAttribute('placeholder', 'Email or Phone Number');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('paints the branding the page came with, without asking the server for it', async () => {
    server.resetHandlers();
    let asked = 0;
    server.use(
      http.get('*/api/v1/institutes/getLogoAndFavIcon', () => {
        asked += 1;
        return HttpResponse.json({ code: 'NOT_FOUND', message: 'nobody' }, { status: 404 });
      }),
    );
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'branding';
    data.textContent = JSON.stringify({
      instituteId: 2,
      instituteName: 'Apex Coaching Institute',
      logoPath: '/my-account/demo/apex-logo.svg',
      favIconPath: '/my-account/demo/apex-favicon.svg',
    });
    document.body.append(data);
    try {
      renderRoute('/');
      expect(await screen.findByRole('img', { name: 'Apex Coaching Institute logo' })).toBeInTheDocument();
      expect(asked).toBe(0);
    } finally {
      data.remove();
    }
  });

  it('shows and hides the password', async () => {
    await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Show or hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show or hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('offers Home, back to the site, when the address is under my-account', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/my-account/');
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(assign).toHaveBeenCalledWith(window.location.origin);
    window.history.replaceState(null, '', '/');
    assign.mockRestore();
  });

  it.each([
    ['', 'demo1234', 'Email or Phone Number is required'],
    ['   ', 'demo1234', 'Email or Phone Number is required'],
    ['9000000001', '', 'Password is required'],
    ['12345', 'demo1234', 'Please enter a valid Phone number'],
    ['student@apex', 'demo1234', 'You have entered an invalid email address!'],
    ['9000000001', 'abc', 'Password length should be atleast 4 digits long'],
  ])('refuses login %j with password %j: %s', async (login, password, message) => {
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    await openLogin();
    await signIn(login, password);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('signs in with Enter, spaces stripped, and lands on the dashboard', async () => {
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    const { router } = await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Login' }), '90000 00001');
    await user.type(screen.getByLabelText('Password'), 'demo1234{Enter}');
    expect(await screen.findByRole('heading', { name: 'Good Morning, Aarav Sharma' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([
      { user_name: '9000000001', password: 'demo1234', device_id: localStorage.getItem('device_id'), source: 'WEB' },
    ]);
    expect(getSession()).toMatchObject({ user_id: 101, logindatetime: '21-11-2026', selectedAcadYrId: 4 });
  });

  it('keeps one device id across logins', async () => {
    const bodies = mockLogin(() =>
      HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Invailid Login Details' }, { status: 401 }),
    );
    await openLogin();
    const user = await signIn('9000000001', 'wrong-pass');
    await screen.findByText('Invailid Login Details');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]?.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[1]?.device_id).toBe(bodies[0]?.device_id);
  });

  it('asks which profile and retries with it and the same password', async () => {
    const entries = [
      roleEntry({ user_id: 301, user_type: 1, name: 'Kabir Rao', student_name: 'Kabir Rao' }),
      roleEntry({
        user_id: 302,
        user_type: 2,
        display: 'parent_student',
        name: 'Sunita Rao',
        student_name: 'Isha Rao',
      }),
    ];
    const bodies = mockLogin(
      () => loginAnswer(entries),
      () =>
        loginAnswer(
          greenfieldStudent({
            user_id: 302,
            user_type: 2,
            parentslogin: true,
            parent_id: 302,
            parent_name: 'Sunita Rao',
          }),
        ),
    );
    await openLogin();
    const user = await signIn('9000000003', 'demo1234');
    const dialog = await screen.findByRole('dialog', { name: 'Select Profile' });
    expect(within(dialog).getByRole('button', { name: /Kabir Rao.*Student/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Sunita Rao.*Parent of Isha Rao/ }));
    expect(await screen.findByRole('heading', { name: 'Good Morning, Sunita Rao' })).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({
      user_name: '9000000003',
      password: 'demo1234',
      user_type: 2,
      user_id: 302,
      institute_id: 1,
    });
  });

  it('asks for an academic year when the current one is not the user’s, and works in the chosen one', async () => {
    mockLogin(() =>
      loginAnswer(
        greenfieldStudent({
          current_acad_yr_id: 5,
          acad_yr_id: 4,
          student_auth: greenfieldStudent().student_auth,
          student_acad_year: [
            { acad_yr_id: 3, acad_yr_name: '2024-25' },
            { acad_yr_id: 4, acad_yr_name: '2025-26' },
          ],
        }),
      ),
    );
    const { router } = await openLogin();
    const user = await signIn('9000000014', 'demo1234');
    const dialog = await screen.findByRole('dialog', { name: 'Select Academic Year' });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^20/ })
        .map((b) => b.textContent),
    ).toEqual(['2024-25', '2025-26']);
    expect(getSession()).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '2024-25' }));
    expect(await screen.findByRole('heading', { name: 'Good Morning, Aarav Sharma' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const session = getSession();
    expect(decodeCredential(session!.student_auth)?.academicYearId).toBe(3);
    expect(session).toMatchObject({ selectedAcadYrId: 3, selectedAcadYear: '2024-25' });
  });

  it('asks before logging out the other device (login_option 10), then retries with logout_from_all_devices', async () => {
    const bodies = mockLogin(
      () => loginAnswer({ login_option: 10, is_login_allowed: 1 }),
      () => loginAnswer(greenfieldStudent()),
    );
    await openLogin();
    const user = await signIn('9000000010', 'demo1234');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'You are already logged in on another device. Do you want to use here? You will be logged out from other devices.',
    );
    // The focus starts on the safe choice (defect 11): a hurried Enter does not log the other device out.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No' })));
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Good Morning, Aarav Sharma' })).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ user_name: '9000000010', password: 'demo1234', logout_from_all_devices: true });
    expect(bodies[0]).not.toHaveProperty('logout_from_all_devices');
  });

  it('stays on the login screen when the other-device prompt is declined', async () => {
    const bodies = mockLogin(() => loginAnswer({ login_option: 10, is_login_allowed: 1 }));
    await openLogin();
    const user = await signIn('9000000010', 'demo1234');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it.each([
    [
      'an unregistered device (11)',
      () => loginAnswer({ login_option: 11, is_login_allowed: 1 }),
      'Unable to login! This is not your registered device for login kindly use a registered device. For any query please contact your administrator.',
    ],
    [
      'a blocked account (13)',
      () => loginAnswer({ login_option: 13, is_login_allowed: 1 }),
      'Your account has been blocked. Please contact your institute/school!',
    ],
    ['fee dues', () => loginAnswer({ is_login_allowed: 0 }), 'Kindly clear fees dues to successfully login.'],
    [
      'a wrong password',
      () => HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Invailid Login Details' }, { status: 401 }),
      'Invailid Login Details',
    ],
    [
      'a locked account',
      () =>
        HttpResponse.json(
          { code: 'TOO_MANY_REQUESTS', message: 'Too many failed logins. Try again in 15 minutes.' },
          { status: 429 },
        ),
      'Too many failed logins. Try again in 15 minutes.',
    ],
    [
      'a blank server message',
      () => HttpResponse.json({ code: 'BAD_REQUEST', message: '' }, { status: 400 }),
      'please contact institute admin.',
    ],
    ['no answer at all', () => HttpResponse.error(), 'Network Error'],
    [
      'a null result',
      () => loginAnswer(null),
      'You are not authorized to use this portal. Institute admins please sign in through the admin app.',
    ],
  ])('alerts for %s', async (_case, answer, message) => {
    mockLogin(answer);
    const { router } = await openLogin();
    const user = await signIn('9000000011', 'demo1234');
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(dialog).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alert' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
  });

  it('sends a user with a temporary password through Change Password, then back to sign in', async () => {
    const session = greenfieldStudent({ must_change_password: true });
    mockLogin(() => loginAnswer(session));
    const logoutCalls = mockLogout();
    const changes: { body: unknown; authorization: string | null }[] = [];
    server.use(
      http.post('*/api/v1/changePwd', async ({ request }) => {
        const body = (await request.json()) as { oldPassword: string };
        changes.push({ body, authorization: request.headers.get('authorization') });
        if (body.oldPassword !== 'Tmp12345') {
          return HttpResponse.json(
            { code: 'BAD_REQUEST', message: 'Please enter correct existing password' },
            { status: 400 },
          );
        }
        return HttpResponse.json({ statusCode: 200, message: 'Password changed' });
      }),
    );
    const { router } = await openLogin();
    const user = await signIn('9000000001', 'Tmp12345');
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(getSession()).toBeNull();
    const change = within(dialog).getByRole('button', { name: 'Change Password' });

    await user.click(change);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter existing password, First');

    await user.type(within(dialog).getByLabelText('Existing Password'), 'wrong-one');
    await user.type(within(dialog).getByLabelText('New Password'), 'newpass1');
    await user.type(within(dialog).getByLabelText('Retype New Password'), 'newpass2');
    await user.click(change);
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Entered new passwords doesn't match");

    await user.clear(within(dialog).getByLabelText('New Password'));
    await user.type(within(dialog).getByLabelText('New Password'), 'abc');
    await user.clear(within(dialog).getByLabelText('Retype New Password'));
    await user.type(within(dialog).getByLabelText('Retype New Password'), 'abc');
    await user.click(change);
    // The spec's text starts with a space.
    expect(within(dialog).getByRole('alert').textContent).toBe(
      ' New passwords must contain 6-10 alphanumeric entries.',
    );

    await user.clear(within(dialog).getByLabelText('New Password'));
    await user.type(within(dialog).getByLabelText('New Password'), 'newpass1');
    await user.clear(within(dialog).getByLabelText('Retype New Password'));
    await user.type(within(dialog).getByLabelText('Retype New Password'), 'newpass1');
    await user.click(change);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter correct existing password');

    await user.clear(within(dialog).getByLabelText('Existing Password'));
    await user.type(within(dialog).getByLabelText('Existing Password'), 'Tmp12345');
    fakeTimeouts();
    const changedAt = Date.now();
    await user.click(change);
    expect(await screen.findByText('Password changed successfully,Please Re-Login!')).toBeInTheDocument();
    expect(changes.at(-1)).toEqual({
      body: { institute_id: 1, username: '9000000001', oldPassword: 'Tmp12345', newPassword: 'newpass1', userid: 101 },
      authorization: session.student_auth,
    });
    // Logged out 2 s later: the server session is revoked and nothing was kept.
    await advanceUntil(() => logoutCalls.length > 0);
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(2000);
    await waitFor(() => expect(logoutCalls).toHaveLength(1));
    expect(logoutCalls[0]).toEqual({ deviceId: 'device-test', authorization: session.student_auth });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('thanks a parent for changing the parent password, sent with the parent id', async () => {
    const session = greenfieldStudent({
      must_change_password: true,
      user_type: 2,
      parentslogin: true,
      parent_id: 7001,
    });
    mockLogin(() => loginAnswer(session));
    mockLogout();
    let body: unknown;
    server.use(
      http.post('*/api/v1/changePwd', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ statusCode: 200, message: 'Password changed' });
      }),
    );
    await openLogin();
    const user = await signIn('9000000002', 'Tmp12345');
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Existing Password'), 'Tmp12345');
    await user.type(within(dialog).getByLabelText('New Password'), 'newpass1');
    await user.type(within(dialog).getByLabelText('Retype New Password'), 'newpass1');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText("Parent's Password changed successfully,Please Re-Login!")).toBeInTheDocument();
    expect(body).toMatchObject({ userid: 7001, username: '9000000002' });
  });
});

describe('auto login and link tokens on the login screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('fills the form from user= and the encoded password, sends after 700 ms and clears the address', async () => {
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    fakeTimeouts();
    const started = Date.now();
    const { router } = await openLogin('/?user=9000000001&pwd=ZGVtbzEyMzQ%3D&lang=en');
    expect(screen.getByRole('textbox', { name: 'Login' })).toHaveValue('9000000001');
    expect(screen.getByLabelText('Password')).toHaveValue('demo1234');
    expect(bodies).toHaveLength(0);
    await advanceUntil(() => bodies.length > 0);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(bodies[0]).toMatchObject({ user_name: '9000000001', password: 'demo1234' });
    expect(await screen.findByRole('heading', { name: 'Good Morning, Aarav Sharma' })).toBeInTheDocument();
    // Neither parameter is left in any address the router kept.
    expect(router.state.location.search).not.toMatch(/user=|pwd=/);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('removes the parameters from the address even when the login fails', async () => {
    mockLogin(() => HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Invailid Login Details' }, { status: 401 }));
    const { router } = renderRoute('/?user=9000000001&pwd=ZGVtbzEyMzQ%3D&lang=en');
    expect(await screen.findByRole('dialog', { name: 'Alert' }, { timeout: 2000 })).toHaveTextContent(
      'Invailid Login Details',
    );
    // The address changes in a transition (the router's), committed beside the alert rather than before it.
    await waitFor(() => expect(router.state.location.search).toBe('?lang=en'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks before an auto-login address replaces another user’s session, and switches when told to', async () => {
    const parent = greenfieldParent({ name: 'Rajesh Sharma', parent_num: '9000000002' });
    storeSession(parent);
    const logouts = mockLogout();
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    fakeTimeouts();
    const { router } = await openLogin('/?user=9000000001&pwd=ZGVtbzEyMzQ%3D&lang=en');
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    expect(dialog).toHaveTextContent(
      'You are signed in as Rajesh Sharma. This link signs in as 9000000001 instead and signs Rajesh Sharma out of this device. Switch accounts?',
    );
    // Nothing is sent while the question is open, however long it waits.
    await vi.advanceTimersByTimeAsync(5000);
    expect(bodies).toHaveLength(0);
    expect(getSession()?.parentslogin).toBe(true);
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(dialog).getByRole('button', { name: 'Switch account' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ user_name: '9000000001', password: 'demo1234' });
    expect(logouts).toEqual([{ deviceId: parent.device_id, authorization: parent.student_auth }]);
    expect(await screen.findByRole('heading', { name: 'Good Morning, Aarav Sharma' })).toBeInTheDocument();
    expect(getSession()?.parentslogin).toBe(false);
    expect(router.state.location.search).not.toMatch(/user=|pwd=/);
  });

  it('keeps the current session and drops the address when the user declines the switch', async () => {
    const parent = greenfieldParent({ name: 'Rajesh Sharma', parent_num: '9000000002' });
    storeSession(parent);
    const logouts = mockLogout();
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    const { router } = await openLogin('/?user=9000000001&pwd=ZGVtbzEyMzQ%3D');
    const dialog = await screen.findByRole('dialog', { name: 'Switch account?' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getSession()?.parentslogin).toBe(true);
    expect(bodies).toHaveLength(0);
    expect(logouts).toHaveLength(0);
  });

  it('signs the same user in again without asking', async () => {
    storeSession(greenfieldStudent());
    const bodies = mockLogin(() => loginAnswer(greenfieldStudent()));
    fakeTimeouts();
    await openLogin('/?user=9000000001&pwd=ZGVtbzEyMzQ%3D');
    await advanceUntil(() => bodies.length > 0);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Switch account?' })).toBeNull();
  });

  it('sends token= on to /userLogin, which exchanges it', async () => {
    const tokens: unknown[] = [];
    server.use(
      http.post('*/prod/ext/sso/login', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ data: { result: null } });
      }),
    );
    const { router } = renderRoute('/?token=abc123');
    await waitFor(() => expect(tokens).toEqual([{ token: 'abc123' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/errorPage'));
  });
});
