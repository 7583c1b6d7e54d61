/** The background ranker of one API process: when it runs and how it coalesces wake-ups (no database here). */
export interface RankWorker {
  /** A test's ranks went stale: run once `delayMs` after the first wake-up, however many follow. */
  wake(): void;
  /** Resolves once nothing is scheduled or running (tests, and closing). */
  settled(): Promise<void>;
  /** Stops the timers and waits for a run in progress. */
  close(): Promise<void>;
}

export interface RankWorkerOptions {
  /** Ranks what is stale (report/ranking.repository.ts `rankStaleTests`). */
  run: () => Promise<void>;
  /**
   * Wait after the first wake-up: the submissions of the next `delayMs` join the same ranking. After a run it is at
   * least as long as that run took, so back-to-back submissions keep the ranker busy at most half the time.
   */
  delayMs: number;
  /** Runs this often anyway: marks left by another process that stopped before ranking them. */
  everyMs: number;
  onError: (error: unknown) => void;
}

/**
 * Debounced, one run at a time: a wake-up during a run schedules one more run after it, so a submission that came
 * while the ranker was reading is ranked by the next run. Several processes each run one; the ranking itself takes
 * an advisory lock per test, so they never rank the same test at once.
 */
export function startRankWorker({ run, delayMs, everyMs, onError }: RankWorkerOptions): RankWorker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastRunMs = 0;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (timer || running) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const schedule = (waitMs: number) => {
    if (closed || timer) return;
    timer = setTimeout(start, waitMs);
    timer.unref();
  };
  function start() {
    timer = undefined;
    const began = performance.now();
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
        lastRunMs = performance.now() - began;
        if (again) {
          again = false;
          schedule(Math.max(delayMs, lastRunMs));
        }
        settle();
      });
  }

  const poll = setInterval(() => {
    if (running) again = true;
    else if (!timer) start();
  }, everyMs);
  poll.unref();
  // Marks left from before this process started.
  start();

  return {
    wake() {
      if (running) again = true;
      else schedule(Math.max(delayMs, lastRunMs));
    },
    settled() {
      if (!timer && !running) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      timer = undefined;
      again = false;
      await running;
      settle();
    },
  };
}
