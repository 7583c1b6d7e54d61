import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.ts';

/** The accessible-ish name of the focused element: its aria-label, its field's label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    if (!element || element === document.body) return '';
    const label = element.labels?.[0]?.textContent ?? '';
    return (element.getAttribute('aria-label') ?? label ?? element.innerText ?? '').trim() || element.innerText.trim();
  });

/** Presses Tab until the focus is on `name` (a field's label or a control's name); fails after `max` presses. */
async function tabTo(page: Page, name: string | RegExp, max = 60) {
  const seen: string[] = [];
  for (let count = 0; count < max; count += 1) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    seen.push(current);
    if (typeof name === 'string' ? current.replace(/\s*\*$/, '') === name : name.test(current)) return count + 1;
  }
  throw new Error(`no tab stop named ${String(name)} within ${max}: ${seen.join(' | ')}`);
}

/** Signs in from the login page with the keyboard only and closes the promotion pop-up if it shows. */
async function signInByKeyboard(page: Page, url: string, login: string, password = 'demo1234') {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
  await tabTo(page, 'Login');
  await page.keyboard.type(login);
  await tabTo(page, 'Password');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/my-account/dashboard');
  await page.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor();
  const promo = page.getByRole('dialog', { name: 'Promotion' });
  if (
    await promo.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await page.keyboard.press('Escape');
    await promo.waitFor({ state: 'hidden' });
  }
}

describe('keyboard only (no mouse): sign in, reach a screen past the menu, change the password', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('signs in, skips the menu, opens Profile and changes the password, all from the keyboard', async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await page.goto(harness.url('/my-account/', 'apex.localhost'));
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await tabTo(page, 'Login');
    await page.keyboard.type('student@apex.test');
    await tabTo(page, 'Password');
    await page.keyboard.type('demo1234');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-account/dashboard');
    await page.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor();
    const promo = page.getByRole('dialog', { name: 'Promotion' });
    if (await promo.isVisible().catch(() => false)) await page.keyboard.press('Escape');

    // The first tab stop skips the header and the menu.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await tabTo(page, 'Skip to content', 1)).toBe(1);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // The menu, by keyboard, to Profile.
    await page.goto(harness.url('/my-account/dashboard', 'apex.localhost'));
    await page.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor();
    await tabTo(page, 'Profile', 80);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-account/Profile');
    await tabTo(page, 'Change Password');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    await page.keyboard.type('demo1234');
    await tabTo(page, 'New Password');
    await page.keyboard.type('newpass1');
    await tabTo(page, 'Retype New Password');
    await page.keyboard.type('newpass1');
    await page.keyboard.press('Enter');
    await page.getByText('Password changed successfully,Please Re-Login!').first().waitFor();
    // Then the session ends: back on the sign-in page, where the new password signs in.
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor({ timeout: 10_000 });
    const alert = page.getByRole('dialog', { name: 'Alert' });
    if (await alert.isVisible().catch(() => false)) await page.keyboard.press('Enter');
    await tabTo(page, 'Login');
    await page.keyboard.type('student@apex.test');
    await tabTo(page, 'Password');
    await page.keyboard.type('newpass1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-account/dashboard');
    await page.context().close();
  });

  it('opens a homework from the menu, adds a link and submits it, confirming in the dialog, all from the keyboard', async () => {
    const title = 'Chapter 5 exercise: fractions';
    const page = await harness.newPage({ width: 1280, height: 800 });
    await signInByKeyboard(page, harness.url('/my-account/'), '9000000001');
    await tabTo(page, 'Homework', 80);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-account/assignment');
    await page.getByRole('article').filter({ hasText: title }).getByText('5 days left').waitFor();
    // The card's View link, named with the card's title for screen readers.
    await tabTo(page, new RegExp(`^View\\s+${title}$`), 80);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/my-account\/assignment\/\d+$/);
    await page.getByText(title).first().waitFor();

    await tabTo(page, 'Link Name', 80);
    await page.keyboard.type('Fractions on a number line');
    await tabTo(page, 'URL');
    await page.keyboard.type('https://www.khanacademy.org/math/fractions');
    await tabTo(page, 'Add Link');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Links' }).getByText('Fractions on a number line').waitFor();
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm Submission' });
    await confirm.getByText('Are you sure you want to submit the Assignment?').waitFor();
    // The dialog starts on the safe choice; Yes is one stop away inside it.
    expect(await focusedName(page)).not.toBe('Yes');
    await tabTo(page, 'Yes', 5);
    await page.keyboard.press('Enter');
    await page.getByText('Assignment submitted successfully!').waitFor();
    await page.waitForURL('**/my-account/assignment', { timeout: 10_000 });
    await page.getByRole('article').filter({ hasText: title }).getByText('Submitted').waitFor();
    await page.context().close();
  });
});
