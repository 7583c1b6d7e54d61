import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signIn, signInToDashboard } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };
/** The mark on a screen showing kept data, with the time it was fetched. */
const offlineMark = /^Offline · showing data from \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M$/;

/** The keys of the answers kept for offline use (IndexedDB 'campus-offline'), each starting with its owner. */
const keptKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('campus-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) return resolve([]);
          const keys = db.transaction('answers').objectStore('answers').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );

/** Waits until the service worker controls the page, i.e. the app is installed and its code precached. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

describe('the installable app offline (Chromium)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('reopens offline to the last data seen, marked offline with its time; the next user of the device sees none of it', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.getByRole('article').first().getByRole('heading', { name: 'Annual Sports Day' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Homework' }).click();
    const ongoing = page.getByRole('tab', { name: /^Ongoing \(\d+\)$/ });
    await ongoing.waitFor();
    const ongoingLabel = await ongoing.innerText();
    await waitForServiceWorker(page);
    const studentKeys = await keptKeys(page);
    expect(studentKeys.length).toBeGreaterThan(1);

    // Offline, the reloaded page comes from the service worker and the lists from the kept copy.
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Homework' }).waitFor();
    await page.getByRole('tab', { name: ongoingLabel.trim() }).waitFor();
    const mark = page.locator('[data-offline-notice]');
    expect((await mark.innerText()).trim()).toMatch(offlineMark);
    // Home too, with its notices.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('article').first().getByRole('heading', { name: 'Annual Sports Day' }).waitFor();
    expect((await mark.innerText()).trim()).toMatch(offlineMark);

    // Online again, logout clears the kept answers; another user signs in on the same device.
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await expect.poll(() => keptKeys(page)).toEqual([]);

    // Aarav's parent, viewing Aarav: the very same lists (same query keys), kept under another user.
    await signIn(harness, page, '9000000002');
    await page.getByRole('dialog', { name: 'Select Profile' }).getByText('Aarav Sharma').click();
    await page.waitForURL('**/my-account/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.context().setOffline(true);
    await page.goto(harness.url('/my-account/assignment'));
    // Nothing of the student's: Homework was never opened by this user, so there is nothing to show offline.
    await page.getByRole('alert').filter({ hasText: 'Please check your internet connection!' }).waitFor();
    expect(await page.getByRole('tab', { name: /^Ongoing/ }).count()).toBe(0);
    expect(await mark.count()).toBe(0);
    expect((await keptKeys(page)).filter((key) => studentKeys.includes(key))).toEqual([]);
    await page.context().close();
  });

  it('reopens Fees and Time Table offline to the last data seen, each marked offline with its time', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const mark = page.locator('[data-offline-notice]');

    // Online: the month's grid and its days with classes, then the fee totals and the due installments.
    await menu.getByRole('link', { name: 'Time Table' }).click();
    const grid = page.locator('table[aria-label]').first();
    await grid.waitFor();
    const schedules = page.getByRole('button', { name: /,\s*\d+ Schedules?/ });
    await schedules.first().waitFor();
    const month = await grid.getAttribute('aria-label');
    const days = await schedules.evaluateAll((buttons) => buttons.map((button) => button.textContent));
    await menu.getByRole('link', { name: 'Fees' }).click();
    const totals = () =>
      Promise.all(
        ['Total Fees', 'Paid Fees', 'Due Fees'].map((card) =>
          page
            .getByRole('group', { name: card })
            .getByText(/^Rs [\d,]+$/)
            .innerText(),
        ),
      );
    const due = page.getByRole('table', { name: 'Due Details' });
    await due.waitFor();
    const seenTotals = await totals();
    const seenDue = await due.innerText();
    expect(await mark.count()).toBe(0);
    await waitForServiceWorker(page);

    // Offline, both screens reopen (a new page load, from the service worker) to what was seen, marked offline.
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Fees' }).waitFor();
    await due.waitFor();
    expect(await totals()).toEqual(seenTotals);
    expect(await due.innerText()).toBe(seenDue);
    expect((await mark.innerText()).trim()).toMatch(offlineMark);

    await page.goto(harness.url('/my-account/timetable'));
    await page.getByRole('heading', { level: 1, name: 'Time Table' }).waitFor();
    await schedules.first().waitFor();
    expect(await grid.getAttribute('aria-label')).toBe(month);
    expect(await schedules.evaluateAll((buttons) => buttons.map((button) => button.textContent))).toEqual(days);
    expect((await mark.innerText()).trim()).toMatch(offlineMark);
    await page.context().close();
  });

  it('goes back online by itself when the connection returns: the mark goes and the month arrows fetch again', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const mark = page.locator('[data-offline-notice]');
    await menu.getByRole('link', { name: 'Time Table' }).click();
    const grid = page.locator('table[aria-label]').first();
    await page
      .getByRole('button', { name: /,\s*\d+ Schedules?/ })
      .first()
      .waitFor();
    const month = await grid.getAttribute('aria-label');
    await waitForServiceWorker(page);

    // Reopened offline: the kept month, marked offline.
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Time Table' }).waitFor();
    await mark.waitFor();
    expect(await grid.getAttribute('aria-label')).toBe(month);

    // The connection returns: the screen fetches afresh by itself, and the mark goes (no reload, no click).
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/timeTable/v3')) calls.push(request.url());
    });
    await page.context().setOffline(false);
    await mark.waitFor({ state: 'detached', timeout: 15_000 });
    expect(calls.length).toBeGreaterThan(0);

    // The arrows fetch the next month from the server.
    const before = calls.length;
    const answered = page.waitForResponse((response) => response.url().includes('/api/v2/timeTable/v3'));
    await page.getByRole('button', { name: 'Next month' }).click();
    expect((await answered).ok()).toBe(true);
    expect(calls.length).toBeGreaterThan(before);
    await expect.poll(() => grid.getAttribute('aria-label')).not.toBe(month);
    expect(await mark.count()).toBe(0);
    await page.context().close();
  });
});
