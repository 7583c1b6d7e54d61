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
