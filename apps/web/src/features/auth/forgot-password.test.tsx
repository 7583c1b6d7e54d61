import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockBranding } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

/** Opens the Forgot Password dialog from the login screen. */
async function openForgotPassword() {
  renderRoute('/');
  const user = userEvent.setup();
  // The institute id travels with the request, so wait for the host's institute.
  await screen.findByRole('img', { name: 'Greenfield Public School logo' });
  await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
  return { user, dialog };
}

function mockForgotPassword(...answers: (() => Response)[]) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v2/user/forgotPassword', async ({ request }) => {
      bodies.push(await request.json());
      return answers[Math.min(bodies.length, answers.length) - 1]!();
    }),
  );
  return bodies;
}

const sent = () =>
  HttpResponse.json({ statusCode: 200, message: 'New Password send to your registered mobile number.', result: null });

describe('forgot password', () => {
  beforeEach(() => mockBranding());

  it('keeps Continue disabled while the phone is blank and takes digits only', async () => {
    const { user, dialog } = await openForgotPassword();
    const phone = within(dialog).getByRole('textbox', { name: 'Phone Number' });
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.type(phone, 'abc');
    expect(phone).toHaveValue('');
    expect(continueButton).toBeDisabled();
    await user.type(phone, '+91 90000-00001x');
    expect(phone).toHaveValue('919000000001');
    expect(continueButton).toBeEnabled();
  });

  it('sends a new password to a phone with one account', async () => {
    const bodies = mockForgotPassword(sent);
    const { user, dialog } = await openForgotPassword();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '9000000001');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('dialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('New Password send to your registered mobile number.');
    expect(bodies).toEqual([{ user_name: '9000000001', institute_id: 1, source: 'WEB' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Forgot Password' })).not.toBeInTheDocument());
  });

  it('asks which account when the phone has several, then sends for the chosen one', async () => {
    const entries = [
      { choice_id: 'c-kabir', display_name: 'Kabir Rao' },
      { choice_id: 'c-sunita', display_name: 'Sunita Rao (Parent)' },
    ];
    const bodies = mockForgotPassword(
      () => HttpResponse.json({ statusCode: 200, message: 'Forgot Password For', result: entries }),
      sent,
    );
    const { user, dialog } = await openForgotPassword();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '9000000003');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const chooser = await screen.findByRole('dialog', { name: 'Forgot Password For' });
    expect(within(chooser).getAllByRole('button', { name: /Rao/ })).toHaveLength(2);
    await user.click(within(chooser).getByRole('button', { name: 'Sunita Rao (Parent)' }));
    expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent(
      'New Password send to your registered mobile number.',
    );
    expect(bodies[1]).toEqual({ user_name: '9000000003', institute_id: 1, choice_id: 'c-sunita', source: 'WEB' });
  });

  it('shows the server message when it refuses (too many requests)', async () => {
    mockForgotPassword(() =>
      HttpResponse.json(
        { code: 'TOO_MANY_REQUESTS', message: 'Too many password requests. Try again later.' },
        { status: 429 },
      ),
    );
    const { user, dialog } = await openForgotPassword();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '9000000001');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many password requests. Try again later.');
  });

  it('forgets the typed phone when closed', async () => {
    const { user, dialog } = await openForgotPassword();
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Forgot Password' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(within(await screen.findByRole('dialog', { name: 'Forgot Password' })).getByRole('textbox')).toHaveValue('');
  });
});
