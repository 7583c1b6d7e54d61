import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReconnect } from './use-reconnect.ts';

describe('useReconnect (the panel opened without a connection)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries at once when the browser is back online, and on a backoff for a connection that returns unannounced', () => {
    const reconnect = vi.fn();
    const hook = renderHook(({ waiting }) => useReconnect(waiting, reconnect), { initialProps: { waiting: true } });
    vi.advanceTimersByTime(1_999);
    expect(reconnect).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(reconnect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4_000);
    expect(reconnect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(8_000 + 16_000 + 30_000 + 30_000);
    expect(reconnect).toHaveBeenCalledTimes(6);

    window.dispatchEvent(new Event('online'));
    expect(reconnect).toHaveBeenCalledTimes(7);
    // The backoff starts again from its first step.
    vi.advanceTimersByTime(2_000);
    expect(reconnect).toHaveBeenCalledTimes(8);

    // Reconnected: no more tries.
    hook.rerender({ waiting: false });
    vi.advanceTimersByTime(120_000);
    window.dispatchEvent(new Event('online'));
    expect(reconnect).toHaveBeenCalledTimes(8);
  });
});
