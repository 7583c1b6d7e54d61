import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnFirstUse, type TriggerProps } from './load-on-first-use.tsx';

function Widget({ openOnMount }: { openOnMount: boolean }) {
  return (
    <div role="dialog" aria-label="Theme menu">
      {openOnMount ? 'opened' : 'closed'}
    </div>
  );
}

function Trigger({ onClick, onFocus, onPointerEnter }: TriggerProps) {
  return (
    <button type="button" onClick={onClick} onFocus={onFocus} onPointerEnter={onPointerEnter}>
      Theme
    </button>
  );
}

describe('loadOnFirstUse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offline, a click whose code cannot arrive says so and keeps the button; the next click online opens the widget', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('toast');
    let isOnline = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
    // The browser fetches the widget's script only while online: the hover's and the click's fetches both fail.
    const load = vi.fn(async () => {
      if (!isOnline) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Widget };
    });
    const ThemePicker = loadOnFirstUse<object>(load, Trigger);
    render(<ThemePicker />);

    await userEvent.click(screen.getByRole('button', { name: 'Theme' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Please check your internet connection!' })),
    );
    // The screen is still there, with the button as it was (React.lazy would have thrown to the error boundary).
    expect(screen.getByRole('button', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    isOnline = true;
    await userEvent.click(screen.getByRole('button', { name: 'Theme' }));
    expect(await screen.findByRole('dialog', { name: 'Theme menu' })).toHaveTextContent('opened');
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('fetches on hover, and opens only when clicked, in the same render once the code is there', async () => {
    const load = vi.fn(async () => ({ default: Widget }));
    const ThemePicker = loadOnFirstUse<object>(load, Trigger);
    render(<ThemePicker />);
    await userEvent.hover(screen.getByRole('button', { name: 'Theme' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The hover's fetch has arrived; still nothing is open.
    await load.mock.results[0]!.value;
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Theme' }));
    expect(screen.getByRole('dialog', { name: 'Theme menu' })).toHaveTextContent('opened');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
