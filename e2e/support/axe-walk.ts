import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInToDashboard } from './flows.ts';
import { seriousA11yViolations, seriousA11yViolationsByKind, startHarness, type Harness } from './harness.ts';
import { dataDrawn, inFlight, type InFlight } from './screen.ts';

/** The header's colour modes: both themes (light and the tinted Blue / Purple headers) with the dark variant. */
export type ColourMode = 'light' | 'dark' | 'blue' | 'purple';

/** One user of each kind whose menu differs: a school student, a school parent and a coaching student. */
const users = [
  { who: 'a school student', login: '9000000001', host: 'localhost' },
  { who: 'a school parent', login: '9000000002', host: 'localhost', child: 'Aarav Sharma' },
  { who: 'a coaching student', login: 'student@apex.test', host: 'apex.localhost' },
];

const appPath = (href: string) => new URL(href).pathname.replace(/^\/my-account/, '');

/** The screen at `path` has drawn its data: its heading shows, no request is in flight and no loader spins. */
async function screenReady(page: Page, requests: InFlight) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await dataDrawn(page, requests, '#main-content .mantine-Loader');
}

/** The first link on the list at `path` to one of its items (`path/<id>`), if the list has any. */
async function firstDetail(
  harness: Harness,
  page: Page,
  requests: InFlight,
  host: string,
  path: string,
): Promise<string[]> {
  await page.goto(harness.url(`/my-account${path}`, host));
  await screenReady(page, requests);
  const link = page.locator(`#main-content a[href^="/my-account${path}/"]`).first();
  return (await link.count()) ? [appPath(await link.evaluate((anchor: HTMLAnchorElement) => anchor.href))] : [];
}

/** Every signed-in route of the user: each menu screen, the full announcement list and an item of each list. */
async function signedInRoutes(harness: Harness, page: Page, requests: InFlight, host: string): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
  await menu.first().waitFor();
  const paths = (await menu.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))).map(appPath);
  const details = [
    ...(paths.includes('/assignment') ? await firstDetail(harness, page, requests, host, '/assignment') : []),
    ...(paths.includes('/product') ? await firstDetail(harness, page, requests, host, '/product') : []),
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

/**
 * axe on every signed-in route of each kind of user, in `modes`: the rules that read colours in each mode, the rules
 * that read only the document (the same answer in every mode) with the light mode. The four modes are split over two
 * files (accessibility.e2e.ts, accessibility-tinted.e2e.ts) so the tier's two workers share the walk.
 */
export function axeWalk(modes: readonly ColourMode[]) {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  describe.each(users)('axe (WCAG 2.1 A/AA) on every signed-in route of $who', ({ login, host, child }) => {
    let page: Page;
    let requests: InFlight;
    let routes: string[];
    beforeAll(async () => {
      page = await harness.newPage({ width: 1280, height: 800 });
      requests = inFlight(page);
      // This browser has seen Greenfield's promotion (shown once per browser, it is not a route): no pop-up to wait
      // for or close, which cost a 5 s wait for the users who have none.
      await page.context().addInitScript(() => localStorage.setItem('promo_seen', '1'));
      if (child) {
        await signIn(harness, page, login, { host });
        await page.getByRole('dialog', { name: 'Select Profile' }).getByText(child).click();
        await page.waitForURL('**/my-account/dashboard');
      } else {
        await signInToDashboard(harness, page, login, { host });
      }
      routes = await signedInRoutes(harness, page, requests, host);
    });
    afterAll(() => page?.context().close());

    it.each(modes)('no serious or critical violation in %s mode', async (mode) => {
      // Every menu screen at least (Home, Profile and Messages show for everyone) and an item of each list.
      expect(routes.length).toBeGreaterThanOrEqual(5);
      await page.evaluate((value) => localStorage.setItem('theme', value), mode);
      // The rules that read the document alone (names, roles, structure) give the same answer in every mode: they run
      // with the first mode, and the rules that read colours in each.
      const rules = mode === 'light' ? 'all' : 'colour';
      const found: string[] = [];
      for (const path of routes) {
        await page.goto(harness.url(`/my-account${path}`, host));
        await screenReady(page, requests);
        expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(
          mode === 'dark' ? 'dark' : 'light',
        );
        const { colour, other } = await seriousA11yViolationsByKind(page, rules);
        found.push(...[...other, ...colour].map((violation) => `${path}: ${violation}`));
        const openPopups = popups[path];
        if (openPopups) found.push(...(await openPopups(page)).map((violation) => `${path}: ${violation}`));
      }
      expect(found).toEqual([]);
    });
  });
}
