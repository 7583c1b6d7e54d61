import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInToDashboard } from './flows.ts';
import { seriousA11yViolations, seriousA11yViolationsByKind, startHarness, type Harness } from './harness.ts';
import { dataDrawn, inFlight, titleShown, transitionsDone, type InFlight } from './screen.ts';

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
  await titleShown(page);
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
    await transitionsDone(page);
    const found = (await seriousA11yViolations(page)).map((violation) => `day list: ${violation}`);
    await day.getByRole('listitem').first().getByRole('button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).waitFor();
    await transitionsDone(page);
    found.push(...(await seriousA11yViolations(page)).map((violation) => `event details: ${violation}`));
    await page.keyboard.press('Escape');
    // The day list's dialog may still be on its way out as the details' closes: wait for none, not for one.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    return found;
  },
};

const modeLabels: Record<ColourMode, string> = { light: 'Light', dark: 'Dark', blue: 'Blue', purple: 'Purple' };

/** Switches the colour mode with the header's picker, and waits for its menu to close and the colours to settle. */
async function switchMode(page: Page, from: ColourMode, to: ColourMode) {
  await page.getByRole('button', { name: `Theme: ${modeLabels[from]}` }).click();
  await page.getByRole('menuitem', { name: modeLabels[to] }).click();
  // The pointer back on the picker, not left on whatever the closed menu covered: each screen is read at rest (a
  // hovered light button once read 4.0:1 there; shell.e2e.ts checks hovers on purpose).
  await page.getByRole('button', { name: `Theme: ${modeLabels[to]}` }).hover();
  // The menu gone, and no colour on its way (a transition read halfway would be a contrast the user never sees).
  await page.waitForFunction(() => !document.querySelector('[role="menu"]'), undefined, { polling: 'raf' });
  await transitionsDone(page);
}

/**
 * axe on every signed-in route of each kind of user, in `modes`: the rules that read colours in each mode and, with
 * `documentRules`, the rules that read only the document (the same answer in every mode) once a screen. The four
 * modes are split over two files (accessibility.e2e.ts, accessibility-tinted.e2e.ts) so the tier's workers share
 * the walk.
 */
export function axeWalk(modes: readonly [ColourMode, ...ColourMode[]], { documentRules }: { documentRules: boolean }) {
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

    it(`no serious or critical violation in ${modes.join(' or ')} mode`, async () => {
      // Every menu screen at least (Home, Profile and Messages show for everyone) and an item of each list.
      expect(routes.length).toBeGreaterThanOrEqual(5);
      await page.evaluate((value) => localStorage.setItem('theme', value), modes[0]);
      const found: string[] = [];
      let current = modes[0];
      for (const path of routes) {
        // Each screen loads once, in the mode the last one ended in (it is kept), then switches to the others with
        // the header's picker, as a user would: every mode is seen both on a fresh load and after a live switch.
        await page.goto(harness.url(`/my-account${path}`, host));
        await screenReady(page, requests);
        const order = [current, ...modes.filter((mode) => mode !== current)];
        for (const [index, mode] of order.entries()) {
          if (mode !== current) await switchMode(page, current, mode);
          current = mode;
          expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(
            mode === 'dark' ? 'dark' : 'light',
          );
          // The rules that read the document alone (names, roles, structure) give the same answer in every mode:
          // they run once a screen (where asked), the rules that read colours in each mode.
          const rules = documentRules && index === 0 ? 'all' : 'colour';
          const { colour, other } = await seriousA11yViolationsByKind(page, rules);
          found.push(...[...other, ...colour].map((violation) => `${mode} ${path}: ${violation}`));
          const openPopups = popups[path];
          if (openPopups) found.push(...(await openPopups(page)).map((violation) => `${mode} ${path}: ${violation}`));
        }
      }
      expect(found).toEqual([]);
    });
  });
}
