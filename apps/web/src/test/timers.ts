import { vi } from 'vitest';

/**
 * Fakes setTimeout as well as Date from here on, keeping the faked time a test set. The fake clock still follows
 * real time (`shouldAdvanceTime`), so typing, requests and renders run as before; `advanceUntil` then moves it
 * past a screen's own delays (700 ms auto login, 1 s redirect, 2 s logout) without waiting for them.
 */
export function fakeTimeouts(): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.setSystemTime(now);
}

/**
 * Moves the fake clock on in small steps until `isDone` (or `limitMs` of fake time), as real time would pass:
 * a timer fires at its own time, never early, so `Date.now()` differences stay meaningful.
 */
export async function advanceUntil(isDone: () => boolean, { stepMs = 50, limitMs = 30_000 } = {}): Promise<void> {
  for (let waited = 0; !isDone() && waited < limitMs; waited += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
}
