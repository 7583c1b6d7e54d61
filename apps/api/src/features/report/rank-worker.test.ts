import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRankWorker, type RankWorker } from './rank-worker.ts';

/** A run the test finishes by hand, counting the runs begun. */
function controlledRun() {
  const state = { started: 0, finish: () => undefined as void };
  const run = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        state.started += 1;
        state.finish = resolve;
      }),
  );
  return { state, run };
}

describe('the background ranker’s schedule', () => {
  let worker: RankWorker | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    vi.useRealTimers();
  });

  it('runs once at start, then once a second after the first of many wake-ups', async () => {
    const { state, run } = controlledRun();
    worker = startRankWorker({ run, delayMs: 1000, everyMs: 60_000, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.started).toBe(1); // marks left from before the start
    state.finish();
    await worker.settled();

    for (let i = 0; i < 50; i += 1) worker.wake();
    await vi.advanceTimersByTimeAsync(999);
    expect(state.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.started).toBe(2);
    state.finish();
    await worker.settled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.started).toBe(2);
  });

  it('runs once more after a run during which a test was marked, waiting at least as long as that run took', async () => {
    const { state, run } = controlledRun();
    worker = startRankWorker({ run, delayMs: 1000, everyMs: 60_000, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    state.finish();
    await worker.settled();

    worker.wake();
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.started).toBe(2);
    // Two submissions while it ranks (3 s): one more run, 3 s after this one ends.
    worker.wake();
    worker.wake();
    await vi.advanceTimersByTimeAsync(3000);
    expect(state.started).toBe(2);
    state.finish();
    await vi.advanceTimersByTimeAsync(2999);
    expect(state.started).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.started).toBe(3);
    state.finish();
    await worker.settled();
  });

  it('looks for marks every minute anyway, and keeps going after a failed run', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    worker = startRankWorker({
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error('database away');
      },
      delayMs: 1000,
      everyMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('database away')]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
  });

  it('stops on close after the run in progress, and ignores wake-ups after', async () => {
    const { state, run } = controlledRun();
    worker = startRankWorker({ run, delayMs: 1000, everyMs: 60_000, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    let closed = false;
    const closing = worker.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    state.finish();
    await closing;
    worker.wake();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(state.started).toBe(1);
  });
});
