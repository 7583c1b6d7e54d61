import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../lib/session.ts';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  loginAnswer,
  mockBranding,
  mockLogin,
  storeSession,
  testDay,
} from '../test/fixtures.ts';
import { renderRoute } from '../test/render.tsx';

describe('access guard and session day', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(10));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('sends a signed-out user to the login screen and back to where they were going after login', async () => {
    mockLogin(() => loginAnswer(greenfieldStudent()));
    const { router } = renderRoute('/timetable?week=2');
    await screen.findByRole('heading', { name: 'Sign In to your account' });
    expect(router.state.location.pathname).toBe('/');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Login' }), '9000000001');
    await user.type(screen.getByLabelText('Password'), 'demo1234{Enter}');
    expect(await screen.findByRole('heading', { name: 'Time Table' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/timetable');
    expect(router.state.location.search).toBe('?week=2');
  });

  it('treats a user id of 0 as signed out', async () => {
    localStorage.setItem(
      'session',
      JSON.stringify({ ...greenfieldStudent({ user_id: 0 }), logindatetime: '21-11-2026' }),
    );
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In to your account' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs out on load when the session was signed in on another day', async () => {
    vi.setSystemTime(new Date(2026, 10, 20, 18, 0));
    storeSession(greenfieldStudent());
    vi.setSystemTime(testDay(7));
    const { router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In to your account' });
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('keeps a session signed in today and opens the dashboard from /', async () => {
    storeSession(greenfieldStudent());
    const { router } = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Good Morning, Aarav Sharma' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['/announcement', 'Good Morning, Aarav Sharma'],
    ['/timetable', 'Time Table'],
    ['/studymaterial', 'Study Materials'],
    ['/live', 'Live Classes'],
    ['/exam', 'My Exam'],
    ['/report', 'Exam Reports'],
    ['/document', 'Documents'],
    ['/assignment', 'Homework'],
    ['/assignment/42', 'Homework'],
    ['/product', 'My Products'],
    ['/product/7', 'My Products'],
    ['/eventCalender', 'Event Calender'],
    ['/fees', 'Fees'],
    ['/Messages', 'Messages'],
    ['/messages', 'Messages'],
    ['/Profile', 'Profile'],
    ['/profile', 'Profile'],
  ])('opens %s for a signed-in user, headed %s', async (path, heading) => {
    storeSession(greenfieldStudent());
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('names the assignments screen Assignments for a coaching institute', async () => {
    storeSession(greenfieldStudent({ is_institute_type_school: false }));
    renderRoute('/assignment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assignments' })).toBeInTheDocument();
  });

  it('follows a logout in another tab back to the login screen', async () => {
    storeSession(greenfieldStudent());
    const { router } = renderRoute('/fees');
    await screen.findByRole('heading', { level: 1, name: 'Fees' });
    localStorage.removeItem('session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'session' }));
    expect(await screen.findByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an unknown address to /', async () => {
    const { router } = renderRoute('/no-such-screen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('screens the menu hides (defect 10)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it.each(['/document', '/studymaterial', '/Document'])(
    'refuses a parent %s by address: to the dashboard',
    async (path) => {
      storeSession(greenfieldParent());
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(screen.queryByRole('heading', { level: 1, name: /Documents|Study Materials/ })).not.toBeInTheDocument();
    },
  );

  it('refuses an open-course user Homework, also when navigating from another screen', async () => {
    storeSession(apexStudent({ user_type: 99, student_id: null, stud_id: null }));
    const { router } = renderRoute('/Profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await router.navigate('/assignment/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens a parent what the menu shows', async () => {
    storeSession(greenfieldParent());
    renderRoute('/timetable');
    expect(await screen.findByRole('heading', { level: 1, name: 'Time Table' })).toBeInTheDocument();
  });
});
