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
});
