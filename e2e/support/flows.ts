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

/** The login call's answer, once it has arrived (wait for it before the click that sends it). */
const loginAnswer = (page: Page) =>
  page
    .waitForResponse((response) => response.request().method() === 'POST' && /\/user\/v3\/login$/.test(response.url()))
    .then(async (response) => ({
      status: response.status(),
      body: (await response.json().catch(() => ({}))) as {
        message?: string;
        result?: { login_option?: number; student_auth?: string };
      },
    }));

/** The login call's answer that asks to confirm signing in here while the account is live elsewhere. */
const otherDeviceOption = 10;

/**
 * Signs in and lands on the dashboard, confirming the sign-in here when the account is live elsewhere. Each step
 * follows the server's answer to the login call (no race between a confirm popup and the address, whose timer
 * started before a slow answer arrived), and an answer that leads nowhere fails at once with its message.
 */
export async function signInToDashboard(harness: Harness, page: Page, login: string, options: { host?: string } = {}) {
  const first = loginAnswer(page);
  await signIn(harness, page, login, options);
  let answer = await first;
  if (answer.status === 200 && answer.body.result?.login_option === otherDeviceOption) {
    const confirmed = loginAnswer(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    answer = await confirmed;
  }
  if (answer.status !== 200 || typeof answer.body.result?.student_auth !== 'string') {
    throw new Error(`the sign-in of ${login} answered ${answer.status}: ${answer.body.message ?? '(no message)'}`);
  }
  // The app moves to the dashboard within the page once the answer is in (no new document to load).
  await page.waitForURL('**/my-account/dashboard', { waitUntil: 'commit' });
}

/** What a sign-in leaves in the browser's localStorage: the session and the device it is bound to. */
const sessionKeys = ['session', 'device_id'] as const;
type StoredState = Record<(typeof sessionKeys)[number], string>;

/** Per harness (its own server and data), the state each `host login` signed in to once. */
const storedStates = new WeakMap<Harness, Map<string, StoredState>>();

/**
 * Signs in and lands on the dashboard, as `signInToDashboard`, but through the login screen only the first time
 * per harness for each account: later calls put that sign-in's stored session into the new browser context and
 * open the dashboard, which spares a login screen, a password check and a redirect per test. The stored session is
 * first checked with the server (a later real sign-in or a logout revokes it); a revoked one is signed in again.
 * For tests that are not about signing in; those about it use `signIn` / `signInToDashboard`.
 */
export async function openSignedIn(harness: Harness, page: Page, login: string, { host = 'localhost' } = {}) {
  let states = storedStates.get(harness);
  if (!states) storedStates.set(harness, (states = new Map()));
  const key = `${host} ${login}`;
  const stored = states.get(key);
  if (stored && (await restoreSession(harness, page, host, stored))) {
    await page.goto(harness.url('/my-account/dashboard', host));
    await page.waitForURL('**/my-account/dashboard');
    return;
  }
  await signInToDashboard(harness, page, login, { host });
  const state = await page.evaluate(
    (keys) => Object.fromEntries(keys.map((name) => [name, localStorage.getItem(name) ?? ''])),
    [...sessionKeys],
  );
  states.set(key, state as StoredState);
}

/**
 * On an empty page of the institute's origin (answered here, the server never sees it), asks the server whether
 * the stored session is still live and, when it is, writes it into localStorage as the sign-in had.
 */
async function restoreSession(harness: Harness, page: Page, host: string, stored: StoredState): Promise<boolean> {
  const blank = harness.url('/e2e-blank', host);
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }),
  );
  try {
    await page.goto(blank);
    return await page.evaluate(async (state) => {
      const session = JSON.parse(state.session) as { student_auth: string; institute_id: number; student_id: number };
      const answer = await fetch(`/api/v1/students/get-student-detail/${session.institute_id}/${session.student_id}`, {
        headers: { Source: 'WEB', Authorization: session.student_auth },
      });
      if (answer.status !== 200) return false;
      for (const [name, value] of Object.entries(state)) localStorage.setItem(name, value);
      return true;
    }, stored);
  } finally {
    await page.unroute(blank);
  }
}

/** Closes the promotional pop-up a Greenfield home shows once per browser. */
export async function closePromo(page: Page) {
  const promo = page.getByRole('dialog', { name: 'Promotion' });
  await promo.waitFor();
  await page.keyboard.press('Escape');
  await promo.waitFor({ state: 'hidden' });
}
