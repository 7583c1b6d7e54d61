import type { Session } from '@campus/domain/auth/auth.contract';
import type { Message } from '@campus/domain/messages/messages.contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** Local times, so the days and times read the same in any time zone the tests run in. */
const sentAt = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();

const inbox: Message[] = [
  { message: 'School remains closed tomorrow.', createdDateTime: sentAt(21, 14, 5) },
  { message: 'Sports Day on Saturday.', createdDateTime: sentAt(21, 0, 30) },
  { message: '•••••••• is your temporary password for Greenfield Public School.', createdDateTime: sentAt(19, 9, 0) },
];

function mockMessages(answer: () => Response = () => HttpResponse.json(inbox)) {
  const calls: URL[] = [];
  server.use(
    http.get('*/api/v1/alerts/config/messagesByPhoneNo/:instituteId/:phone', ({ request }) => {
      calls.push(new URL(request.url));
      return answer();
    }),
  );
  return calls;
}

async function openMessages(session: Session = greenfieldStudent()) {
  storeSession(session);
  const view = renderRoute('/Messages');
  await screen.findByRole('heading', { level: 1, name: 'Messages' });
  return view;
}

describe('Messages (spec part 2 §2.5)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the student’s own phone with the country code, from 0, 1000 at a time', async () => {
    const calls = mockMessages();
    await openMessages();
    await screen.findByText('School remains closed tomorrow.');
    expect(calls).toHaveLength(1);
    expect(decodeURIComponent(calls[0]!.pathname)).toBe('/api/v1/alerts/config/messagesByPhoneNo/1/+919000000001');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ start_index: '0', batch_size: '1000' });
  });

  it('groups the messages by day, newest first, with the weekday, DD-MM-YYYY and hh:mm A', async () => {
    mockMessages();
    await openMessages();
    const saturday = await screen.findByRole('region', { name: 'Saturday 21-11-2026' });
    expect(within(saturday).getByText('School remains closed tomorrow.')).toBeInTheDocument();
    expect(within(saturday).getByText('02:05 PM')).toBeInTheDocument();
    expect(within(saturday).getByText('12:30 AM')).toBeInTheDocument();
    const thursday = screen.getByRole('region', { name: 'Thursday 19-11-2026' });
    expect(within(thursday).getByText(/^•••••••• is your temporary password/)).toBeInTheDocument();
    expect(within(thursday).getByText('09:00 AM')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Saturday 21-11-2026',
      'Thursday 19-11-2026',
    ]);
  });

  it('asks for the parent’s own phone at a parent login', async () => {
    const calls = mockMessages();
    await openMessages(greenfieldParent());
    await screen.findByText('School remains closed tomorrow.');
    expect(decodeURIComponent(calls[0]!.pathname)).toMatch(/\/\+919000000002$/);
  });

  it('says No Messages Yet! when there are none, and for an account without a phone asks nothing', async () => {
    mockMessages(() => HttpResponse.json([]));
    const first = await openMessages();
    expect(await screen.findByText('No Messages Yet!')).toBeInTheDocument();
    first.unmount();

    const calls = mockMessages();
    await openMessages(greenfieldStudent({ student_phone: '' }));
    expect((await screen.findAllByText('No Messages Yet!')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message when the call fails', async () => {
    mockMessages(() => HttpResponse.json({ code: 'INTERNAL', message: 'Messages are unavailable.' }, { status: 500 }));
    await openMessages();
    expect(await screen.findByRole('alert')).toHaveTextContent('Messages are unavailable.');
    expect(screen.queryByText('No Messages Yet!')).not.toBeInTheDocument();
  });

  it('logs out with the server’s message on 403', async () => {
    mockMessages(() =>
      HttpResponse.json(
        { code: 'FORBIDDEN', message: 'You have been logged out. Please login again.' },
        { status: 403 },
      ),
    );
    const logouts = mockLogout();
    const { router } = await openMessages();
    expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent(
      'You have been logged out. Please login again.',
    );
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    expect(logouts).toHaveLength(1);
  });
});
