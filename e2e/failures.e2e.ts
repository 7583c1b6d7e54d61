import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signInToDashboard } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';

const builtDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const offlineText = 'Please check your internet connection!';

/** React Router's developer page, which must never replace the app. */
/** The chunk-reload guard's session keys (apps/web/src/app/routes/route-error.tsx). */
const releaseReload = { reloadKey: 'cp-release-reload-at', declinedKey: 'cp-release-reload-declined-at' };
const developerPage = /Unexpected Application Error|Hey developer/;

/** The app's error in place of a screen: its text. */
async function failureText(page: Page): Promise<string> {
  const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
  await alert.waitFor();
  return (await alert.innerText()).replace(/\s*Retry\s*$/, '').trim();
}

describe('the app under a dropped connection, a failing call and a release (Chromium)', () => {
  let harness: Harness;
  // The server serves a copy of the build, which the release test changes under the open tab.
  const dist = join(mkdtempSync(join(tmpdir(), 'portal-dist-')), 'dist');
  beforeAll(async () => {
    cpSync(builtDist, dist, { recursive: true });
    harness = await startHarness({ webDistDir: dist });
  });
  afterAll(async () => {
    await harness?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('signed in, offline, a screen not visited yet shows the connection message and Retry; online again it opens by itself', async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.context().setOffline(true);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Homework' }).click();
    expect(await failureText(page)).toBe(offlineText);
    expect(await page.locator('body').innerText()).not.toMatch(developerPage);
    // The shell stays: the menu is still there.
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();

    // Back online, the screen whose script could not load reloads by itself (once).
    await page.context().setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Homework' }).waitFor();
    await page.getByRole('tab', { name: /^Ongoing \(\d+\)$/ }).waitFor();
    await page.context().close();
  });

  it('login offline answers Network Error instead of spinning', async () => {
    // No service worker: the page fetches its scripts itself, so the test sees them arrive.
    const page = await harness.newPage({ serviceWorkers: 'block' });
    // The dialogs' code comes as the person types (the form's focus fetches it, and it fetches the modal's, its last
    // script). The connection drops once that script is here, as it is for a person who types for seconds; going
    // offline at a fixed point instead (network idle) lost that race under load in session 16's clean-clone run.
    const lastDialogScript = page.waitForResponse((response) =>
      /\/assets\/mantine-modal-[\w-]+\.js$/.test(new URL(response.url()).pathname),
    );
    await page.goto(harness.url('/my-account/'));
    await page.getByLabel('Login').fill('9000000001');
    await page.getByLabel('Password', { exact: true }).pressSequentially('demo1234');
    await (await lastDialogScript).finished();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = page.getByRole('dialog', { name: 'Alert' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Network Error');
    await page.context().close();
  });

  it('My Products offline says so and offers Retry, never "Active (0) Expired (0)"', async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await signInToDashboard(harness, page, 'buyer@apex.test', { host: 'apex.localhost' });
    // The list's call gets no answer; then the browser goes offline as well.
    await page.route('**/prod/student-product/my-products', (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Products' }).waitFor();
    await page.context().setOffline(true);
    expect(await failureText(page)).toBe(offlineText);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByText('No Products Available').count()).toBe(0);

    await page.context().setOffline(false);
    await page.unroute('**/prod/student-product/my-products');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tab', { name: /^Active \(\d+\)$/ }).waitFor();
    await page.context().close();
  });

  it('a failing call shows its message and Retry; Profile without an answer is not blank', async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await signInToDashboard(harness, page, 'buyer@apex.test', { host: 'apex.localhost' });
    await page.route('**/prod/student-product/my-products', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":""}' }),
    );
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Products' }).click();
    expect(await failureText(page)).toBe('Internal Server Error');
    expect(await page.getByRole('tab', { name: /Active/ }).count()).toBe(0);
    await page.unroute('**/prod/student-product/my-products');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('tab', { name: /^Active \(\d+\)$/ }).waitFor();
    await page.context().close();

    const student = await harness.newPage({ width: 1280, height: 800 });
    await signInToDashboard(harness, student, '9000000001');
    await closePromo(student);
    await student.route('**/api/v1/students/get-student-detail/**', (route) => route.abort('internetdisconnected'));
    await student.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
    await student.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await student.context().setOffline(true);
    expect(await failureText(student)).toBe(offlineText);
    expect(await student.locator('body').innerText()).not.toMatch(developerPage);
    await student.context().close();
  });

  it('a release during a session: a screen whose script the server no longer has reloads the page once, then says so', async () => {
    // Without the service worker, which would serve the old script from its precache (offline.e2e.ts).
    const page = await harness.newPage({ width: 1280, height: 800, serviceWorkers: 'block' });
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    // The release: Profile's script (and its compressed copies) renamed on the server while the tab is open.
    const assets = join(dist, 'assets');
    const profileFiles = readdirSync(assets).filter((name) => /^profile-[\w-]+\.js(\.br|\.gz)?$/.test(name));
    expect(profileFiles.length).toBeGreaterThan(0);
    for (const name of profileFiles) renameSync(join(assets, name), join(assets, `next-${name}`));
    try {
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
      // The page reloads once; the script is still missing after it, so the app says so instead of looping.
      expect(await failureText(page)).toBe('Network Error');
      expect(new URL(page.url()).pathname).toBe('/my-account/Profile');
      // The guard's mark that it chose to show the failure rather than reload again: no second reload follows.
      await page.waitForFunction(
        ([declined, reloaded]) => Number(sessionStorage.getItem(declined)) > Number(sessionStorage.getItem(reloaded)),
        [releaseReload.declinedKey, releaseReload.reloadKey] as const,
      );
      expect(loads).toBe(1);
      expect(await page.locator('body').innerText()).not.toMatch(developerPage);
    } finally {
      for (const name of profileFiles) renameSync(join(assets, `next-${name}`), join(assets, name));
    }
    // The file is back: Retry opens the screen.
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByText('Aarav Sharma').first().waitFor();
    await page.context().close();
  });
});
