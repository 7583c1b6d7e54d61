import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greenfieldParent, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { defaultSettingsAnswer, server } from '../../test/server.ts';

/** The profile's alert settings (issue 31): the account's own, every kind, quiet hours and digests, saved whole. */
describe('alert settings in the profile', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(20));
  });
  afterEach(() => vi.useRealTimers());

  it('a parent turns on live classes by push, marks absence urgent, takes an email digest, and saves', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('*/api/v1/alerts/settings', () => HttpResponse.json(defaultSettingsAnswer('parent'))),
      http.put('*/api/v1/alerts/settings', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ saved: true });
      }),
      // The profile above the section is not what this test reads.
      http.all('*/api/*', () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })),
    );
    storeSession(greenfieldParent());
    renderRoute('/Profile?section=alerts');
    const section = await screen.findByRole('region', { name: 'Alerts' });
    expect(within(section).getByText(/these settings are yours and cover every child/)).toBeInTheDocument();
    const live = await within(section).findByRole('group', { name: 'Live class in 15 minutes' });
    // A parent hears of live classes only by choice.
    expect(within(live).getByRole('checkbox', { name: 'In the app' })).not.toBeChecked();
    await userEvent.click(within(live).getByRole('checkbox', { name: 'Phone notification' }));
    const absence = within(section).getByRole('group', { name: 'Absent from a class' });
    expect(within(absence).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    await userEvent.click(within(absence).getByRole('checkbox', { name: 'Urgent' }));
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Email digest' }));
    const time = within(section).getByLabelText('Email digest time');
    await userEvent.clear(time);
    await userEvent.type(time, '19:30');
    expect(within(section).getByText(/no email address/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Save alert settings' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0] as ReturnType<typeof defaultSettingsAnswer>;
    expect(body.kinds.find((row) => row.kind === 'live-soon')?.channels).toEqual({
      app: false,
      sms: false,
      email: false,
      push: true,
    });
    expect(body.kinds.find((row) => row.kind === 'absence')?.urgent).toBe(true);
    // No kind went by email, so the digest took those shown in the app: it has something to send.
    expect(body.kinds.filter((row) => row.channels.email).map((row) => row.kind)).toEqual(
      body.kinds.filter((row) => row.channels.app).map((row) => row.kind),
    );
    expect(body.kinds.find((row) => row.kind === 'notice')?.channels.email).toBe(true);
    expect(body.digest).toEqual({ sms: null, email: '19:30', push: null });
    expect(body).toMatchObject({ quiet_start: '21:00', quiet_end: '07:00' });
    expect(body).not.toHaveProperty('push_key');
    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
  });

  it('a failed load says so in a line of its own, and loads again on asking', async () => {
    let answers = 0;
    server.use(
      http.get('*/api/v1/alerts/settings', () => {
        answers += 1;
        return answers === 1
          ? HttpResponse.json({ statusCode: 500, message: 'Internal error' }, { status: 500 })
          : HttpResponse.json(defaultSettingsAnswer('student'));
      }),
      http.all('*/api/*', () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })),
    );
    storeSession(greenfieldParent());
    renderRoute('/Profile');
    const section = await screen.findByRole('region', { name: 'Alerts' });
    expect(await within(section).findByText('Alert settings could not be loaded.')).toBeInTheDocument();
    // Not a second alert beside the profile's own.
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Load alert settings again' }));
    expect(await within(section).findByRole('group', { name: 'New notice' })).toBeInTheDocument();
  });
});
