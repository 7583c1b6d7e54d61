import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

/** The header's colour modes: both themes (light and the tinted Blue / Purple headers) with the dark variant. */
const modes = ['light', 'dark', 'blue', 'purple'] as const;

/** Every signed-in route that exists today, with something on it to wait for. */
const routes: [path: string, ready: (page: Page) => Promise<unknown>][] = [
  ['/dashboard', (page) => page.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor()],
  [
    '/announcement',
    (page) => page.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor(),
  ],
  ['/assignment', (page) => page.getByRole('tab', { name: /^Ongoing/ }).waitFor()],
  ['/product', (page) => page.getByRole('tab', { name: /^Active/ }).waitFor()],
  ['/Messages', (page) => page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor()],
  ['/Profile', (page) => page.getByRole('region', { name: 'Education Info' }).waitFor()],
];

describe('axe (WCAG 2.1 A/AA): no serious or critical violation on any route, in every colour mode', () => {
  let harness: Harness;
  let page: Page & { errors: string[] };
  beforeAll(async () => {
    harness = await startHarness();
    page = await harness.newPage({ width: 1280, height: 800 });
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
  });
  afterAll(() => harness?.close());

  it.each(modes)('in %s mode', async (mode) => {
    await page.evaluate((value) => localStorage.setItem('theme', value), mode);
    const found: string[] = [];
    for (const [path, ready] of routes) {
      await page.goto(harness.url(`/my-account${path}`));
      await ready(page);
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(
        mode === 'dark' ? 'dark' : 'light',
      );
      found.push(...(await seriousA11yViolations(page)).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
  });
});
