// Issue 28: the text-led screens paint their largest element from the page itself (the exam desk's prompt, from the
// server) or from the boot script's early answer (the inbox's messages, a product's description), before the app's
// code is asked for, and the app's own element that replaces it is no larger, so that early paint stays the page's
// LCP.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToDashboard } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';

interface Paint {
  startTime: number;
  size: number;
  /** Whether the element was the page's own markup (React replaces it). */
  inPage: boolean;
  text: string;
}

/** Every largest-contentful-paint entry of the page, recorded as it happens (the page's markup is gone later). */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const paints: Paint[] = [];
    (window as unknown as { paints: Paint[] }).paints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
        paints.push({
          startTime: entry.startTime,
          size: entry.size,
          inPage: Boolean(entry.element?.closest('.boot')),
          text: entry.element?.textContent?.slice(0, 60) ?? '',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const appRequested = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  );

describe('the first paint of the text-led screens on a phone', () => {
  let harness: Harness;
  beforeAll(async () => {
    // Real performance entries need the browser's own clock, and the session's day is the server's: both the machine's.
    harness = await startHarness({ clock: 'machine' });
  });
  afterAll(() => harness?.close());

  it.each([
    ['/my-account/exam', 'Click on the Test Type to view the scheduled exams', 'Test types'],
    ['/my-account/Messages', '', 'Messages'],
    // The demo's picture above it is a plain SVG, which Chrome does not count as content.
    ['/my-account/product/2', 'Spoken English brings recorded lectures, notes and tests', 'Spoken English'],
  ])(
    '%s: the largest paint is the page’s own, before the app’s code, and the app paints nothing larger',
    async (path, text, ready) => {
      // Lighthouse's phone (Moto G Power).
      const page = await harness.newPage({ width: 412, height: 823, clock: 'machine', serviceWorkers: 'block' });
      await signInToDashboard(harness, page, '9000000001');
      await recordPaints(page);
      await page.goto(harness.url(path));
      // The app's screen is up: its toolbar (the desk) or its title (the inbox, the product).
      if (ready === 'Test types')
        await page.getByRole('toolbar', { name: ready }).getByRole('button').first().waitFor();
      else await page.getByRole('heading', { name: ready, level: 1 }).waitFor();
      await page.locator('#main-content section, #main-content [role="toolbar"]').first().waitFor();
      // Two frames for the app's last paint to be reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const paints = await page.evaluate(() => (window as unknown as { paints: Paint[] }).paints);
      const largest = paints.at(-1)!;
      expect(largest, JSON.stringify(paints)).toMatchObject({ inPage: true });
      if (text) expect(largest.text.startsWith(text), largest.text).toBe(true);
      const [requested] = await appRequested(page);
      expect(requested).toBeGreaterThanOrEqual(largest.startTime);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );
});
