import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

/** The header's colour modes: both themes (light and the tinted Blue / Purple headers) with the dark variant. */
const modes = ['light', 'dark', 'blue', 'purple'] as const;

/** One user of each kind whose menu differs: a school student, a school parent and a coaching student. */
const users = [
  { who: 'a school student', login: '9000000001', host: 'localhost' },
  { who: 'a school parent', login: '9000000002', host: 'localhost', child: 'Aarav Sharma' },
  { who: 'a coaching student', login: 'student@apex.test', host: 'apex.localhost' },
];

const appPath = (href: string) => new URL(href).pathname.replace(/^\/my-account/, '');

/** Closes Greenfield's promotional pop-up when it shows (once per browser). */
async function closePromoIfShown(page: Page) {
  const promo = page.getByRole('dialog', { name: 'Promotion' });
  if (
    await promo.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await page.keyboard.press('Escape');
    await promo.waitFor({ state: 'hidden' });
  }
}

/** The screen at `path` has drawn its data: its heading shows, the network is quiet and no loader spins. */
async function screenReady(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('#main-content .mantine-Loader'), undefined, {
    timeout: 15_000,
  });
}

/** The first link on the list at `path` to one of its items (`path/<id>`), if the list has any. */
async function firstDetail(harness: Harness, page: Page, host: string, path: string): Promise<string[]> {
  await page.goto(harness.url(`/my-account${path}`, host));
  await screenReady(page);
  const link = page.locator(`#main-content a[href^="/my-account${path}/"]`).first();
  return (await link.count()) ? [appPath(await link.evaluate((anchor: HTMLAnchorElement) => anchor.href))] : [];
}

/** Every signed-in route of the user: each menu screen, the full announcement list and an item of each list. */
async function signedInRoutes(harness: Harness, page: Page, host: string): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
  await menu.first().waitFor();
  const paths = (await menu.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))).map(appPath);
  const details = [
    ...(paths.includes('/assignment') ? await firstDetail(harness, page, host, '/assignment') : []),
    ...(paths.includes('/product') ? await firstDetail(harness, page, host, '/product') : []),
  ];
  return [paths[0]!, '/announcement', ...paths.slice(1), ...details];
}

/**
 * Pop-ups a screen opens, checked as they stand (a modal covers the screen, so axe sees only the pop-up): the event
 * calendar's day list (dark tiles read at ~1.5:1 there, issue 27 #13) and an event's details. Only what a route
 * opens: this file visits every route in four modes, and each pop-up costs an axe run.
 */
const popups: Record<string, (page: Page) => Promise<string[]>> = {
  '/eventCalender': async (page) => {
    await page
      .getByRole('button', { name: /, [1-9]\d* events?$/ })
      .first()
      .click();
    const day = page.getByRole('dialog');
    await day.getByRole('listitem').first().waitFor();
    const found = (await seriousA11yViolations(page)).map((violation) => `day list: ${violation}`);
    await day.getByRole('listitem').first().getByRole('button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).waitFor();
    found.push(...(await seriousA11yViolations(page)).map((violation) => `event details: ${violation}`));
    await page.keyboard.press('Escape');
    // The day list's dialog may still be on its way out as the details' closes: wait for none, not for one.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    return found;
  },
};

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

describe.each(users)('axe (WCAG 2.1 A/AA) on every signed-in route of $who', ({ login, host, child }) => {
  let page: Page;
  let routes: string[];
  beforeAll(async () => {
    page = await harness.newPage({ width: 1280, height: 800 });
    if (child) {
      await signIn(harness, page, login, { host });
      await page.getByRole('dialog', { name: 'Select Profile' }).getByText(child).click();
      await page.waitForURL('**/my-account/dashboard');
    } else {
      await signInToDashboard(harness, page, login, { host });
    }
    await closePromoIfShown(page);
    routes = await signedInRoutes(harness, page, host);
  });
  afterAll(() => page?.context().close());

  it.each(modes)('no serious or critical violation in %s mode', async (mode) => {
    // Every menu screen at least (Home, Profile and Messages show for everyone) and an item of each list.
    expect(routes.length).toBeGreaterThanOrEqual(5);
    await page.evaluate((value) => localStorage.setItem('theme', value), mode);
    const found: string[] = [];
    for (const path of routes) {
      await page.goto(harness.url(`/my-account${path}`, host));
      await screenReady(page);
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(
        mode === 'dark' ? 'dark' : 'light',
      );
      found.push(...(await seriousA11yViolations(page)).map((violation) => `${path}: ${violation}`));
      const openPopups = popups[path];
      if (openPopups) found.push(...(await openPopups(page)).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
  });
});
