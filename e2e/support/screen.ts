import type { Page, Request } from 'playwright-core';

/**
 * The requests the page has sent and not yet seen answered. Waiting for none in flight replaces Playwright's
 * `networkidle`, which waits a further 500 ms of quiet after the last answer on every screen.
 */
export function inFlight(page: Page) {
  const pending = new Set<Request>();
  const waiting = new Set<() => void>();
  const settled = (request: Request) => {
    pending.delete(request);
    if (pending.size === 0) for (const resolve of waiting) resolve();
    if (pending.size === 0) waiting.clear();
  };
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return {
    none: () => pending.size === 0,
    settle: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.add(resolve))),
  };
}
export type InFlight = ReturnType<typeof inFlight>;

/**
 * The screen's title shows: a level-1 heading with a box. Polled each frame in the page, where Playwright's own
 * waits poll a missing element at 0, 20, 50, 100 and 100 ms, then every 500 ms: a screen that draws in 300 ms to
 * 1 s was seen up to half a second late (measured: the dashboard, timetable and profile ready in 0.5–0.6 s rather
 * than 0.9–1.9 s).
 */
export async function titleShown(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].some(
        (heading) => heading.getClientRects().length > 0,
      ),
    undefined,
    { polling: 'raf' },
  );
}

/**
 * No CSS transition running: a pop-up faded in, a colour switched. axe reads colours as they stand, and a dialog
 * halfway through its fade reads as text of too little contrast.
 */
export async function transitionsDone(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    undefined,
    { polling: 'raf' },
  );
}

/** Two frames: what the page last received has rendered, and the effects it ran have sent their requests. */
export async function twoFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The screen has drawn its data: no request in flight and no element matching `loaders` showing, two frames on
 * (a screen's answers render, and the requests their effects send are waited for in turn).
 */
export async function dataDrawn(page: Page, requests: InFlight, loaders: string) {
  for (;;) {
    await requests.settle();
    await page.waitForFunction((selector) => !document.querySelector(selector), loaders, { timeout: 20_000 });
    await twoFrames(page);
    if (requests.none()) return;
  }
}
