import type { Page } from 'playwright-core';
import type { Harness } from './harness.ts';

/** Opens the login screen of the institute at `host` and signs in; the caller checks where that leads. */
export async function signIn(
  harness: Harness,
  page: Page,
  login: string,
  { host = 'localhost', password = 'demo1234' } = {},
) {
  await page.goto(harness.url('/my-account/', host));
  await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The labels of the main menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.waitFor();
  return (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** The text of the open Alert popup. */
export async function alertText(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Alert' });
  await dialog.waitFor();
  return (await dialog.innerText())
    .replace(/^Alert\s*/, '')
    .replace(/\s*Ok$/, '')
    .trim();
}

/** Signs in and lands on the dashboard, confirming the sign-in here when the account is live elsewhere. */
export async function signInToDashboard(harness: Harness, page: Page, login: string, options: { host?: string } = {}) {
  await signIn(harness, page, login, options);
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Yes' });
  const landed = page.waitForURL('**/my-account/dashboard').then(() => 'dashboard' as const);
  const asked = confirm.waitFor().then(() => 'confirm' as const);
  if ((await Promise.race([landed, asked])) === 'confirm') {
    await confirm.click();
    await landed;
  }
}

/** Closes the promotional pop-up a Greenfield home shows once per browser. */
export async function closePromo(page: Page) {
  const promo = page.getByRole('dialog', { name: 'Promotion' });
  await promo.waitFor();
  await page.keyboard.press('Escape');
  await promo.waitFor({ state: 'hidden' });
}
