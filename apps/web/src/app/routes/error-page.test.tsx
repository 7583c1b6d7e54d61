import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { redirectAddressKey } from './error-page.tsx';

describe('error page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the texts of spec part 1 §2', () => {
    renderRoute('/errorPage');
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('The login link might be invalid or expired.')).toBeInTheDocument();
  });

  it('goes back to the remembered redirect address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    sessionStorage.setItem(redirectAddressKey, 'https://greenfield.example/portal');
    renderRoute('/errorPage');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(assign).toHaveBeenCalledWith('https://greenfield.example/portal');
  });

  it('goes back to / when nothing was remembered, and never to a script address', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    sessionStorage.setItem(redirectAddressKey, 'javascript:alert(1)');
    renderRoute('/errorPage');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(assign).toHaveBeenCalledWith('/');
  });
});
