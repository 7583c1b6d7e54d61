import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs } from './support/chromium.ts';
import { closePromo, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';
import { androidPhone, layoutProblems } from './support/layout.ts';

/**
 * Alerts (issue 31) on a 360 px Android phone, on the demo: its alerts are produced from its own attendance by the
 * worker's statements (features/alerts/alerts.seed.ts), so the parent of two children (9000000002) has absences of
 * both in the bell.
 */
describe('alerts in Chromium on a phone', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it("a parent viewing one child opens an absence alert about the other on that child's timetable", async () => {
    const page = await harness.newPage({ ...androidPhone, timezoneId: 'Asia/Kolkata' });
    await signIn(harness, page, '9000000002');
    await page.getByRole('dialog', { name: 'Select Profile' }).getByText('Parent of Aarav Sharma').tap();
    await page.waitForURL('**/my-account/dashboard');
    await closePromo(page);

    const bell = page.getByRole('button', { name: /^Alerts, \d+ unread$/ });
    const unread = Number(/\d+/.exec((await bell.getAttribute('aria-label')) ?? '')![0]);
    await bell.tap();
    const diya = page.getByRole('button', { name: /^Unread: Diya Sharma was absent on \d\d-\d\d-\d{4}/ }).first();
    await diya.waitFor();
    // The list fits the phone, says every alert whole, and passes axe.
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const day = /absent on (\d\d)-(\d\d)-(\d{4})/.exec(await diya.innerText())!;
    await diya.tap();

    await page.waitForURL(`**/my-account/timetable?date=${day[3]}-${day[2]}-${day[1]}`);
    // The app now views Diya: the header's profile says so, and the timetable is hers.
    await page.getByRole('button', { name: 'Profile menu' }).tap();
    await expect.poll(() => page.getByText('Parent of Diya Sharma').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    // Opened, it is read: the count went down by one.
    const left = unread - 1;
    await expect
      .poll(() => page.getByRole('button', { name: /^Alerts/ }).getAttribute('aria-label'))
      .toBe(left > 0 ? `Alerts, ${left} unread` : 'Alerts');
    expect(page.errors).toEqual([]);
  });

  it('a student reaches the alert settings from the bell, and they fit the phone', async () => {
    const page = await harness.newPage(androidPhone);
    await signIn(harness, page, '9000000001');
    await page.waitForURL('**/my-account/dashboard');
    await closePromo(page);
    await page.getByRole('button', { name: /^Alerts/ }).tap();
    await page.getByRole('link', { name: 'Alert settings' }).tap();
    await page.waitForURL('**/my-account/Profile?section=alerts');
    const section = page.getByRole('region', { name: 'Alerts' });
    await section.getByRole('group', { name: 'Live class in 15 minutes' }).waitFor();
    // A student hears of a live class by default.
    expect(
      await section
        .getByRole('group', { name: 'Live class in 15 minutes' })
        .getByRole('checkbox', { name: 'In the app' })
        .isChecked(),
    ).toBe(true);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await section.getByRole('checkbox', { name: 'Email digest' }).tap();
    await section.getByRole('button', { name: 'Save alert settings' }).tap();
    await page.getByText('Alert settings saved.').waitFor();
    await page.reload();
    await section.getByRole('checkbox', { name: 'Email digest' }).waitFor();
    expect(await section.getByRole('checkbox', { name: 'Email digest' }).isChecked()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('the service worker shows a pushed alert as a notification that opens its screen on its child', async () => {
    // Notifications need the full Chromium (scripts/test.mjs installs it): the headless shell the other tests drive
    // denies them to every site.
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    try {
      const context = await browser.newContext({
        viewport: { width: androidPhone.width, height: androidPhone.height },
      });
      const origin = new URL(harness.url('/')).origin;
      await context.grantPermissions(['notifications'], { origin });
      const page = await context.newPage();
      // Signed in from the other browser by the test before: take over here.
      await signInToDashboard(harness, page, '9000000001');
      // The app registers its worker once a signed-in screen has settled.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await context.newCDPSession(page);
      const registered = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((registration) => registration.scopeURL.startsWith(`${origin}/my-account/`));
          if (ours && !ours.isDeleted) resolve(ours.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const registrationId = await registered;
      const workerErrors: string[] = [];
      cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => workerErrors.push(errorMessage.errorMessage));
      // What the server's push carries (features/alerts delivery), delivered as a push service would.
      const push = () =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId,
          data: JSON.stringify({
            title: 'Aarav Sharma was absent on 24-11-2026',
            body: 'Aarav Sharma was marked absent in English on 24-11-2026.',
            path: '/timetable?date=2026-11-24',
            student_id: 5001,
            alert_id: 77,
          }),
        });
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            tag: notification.tag,
            data: notification.data as unknown,
          })),
        );
      // A push service delivers again what the browser did not take: so does the test, up to three times. In two
      // runs of session 25 with another file busy beside it, a push sent through DevTools came to nothing (no
      // notification within ten seconds; the cause is not found, and it never failed alone or under a CPU load). A
      // repeat replaces the notification of its tag, so the list below holds one whatever the count, and worker
      // errors are still checked.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await push();
        const arrived = await expect
          .poll(async () => (await shown()).length, { timeout: 5_000 })
          .toBe(1)
          .then(
            () => true,
            () => false,
          );
        if (arrived) break;
      }
      expect(workerErrors).toEqual([]);
      await expect.poll(shown).toEqual([
        {
          title: 'Aarav Sharma was absent on 24-11-2026',
          body: 'Aarav Sharma was marked absent in English on 24-11-2026.',
          tag: 'alert-77',
          data: { url: '/my-account/timetable?date=2026-11-24&child=5001' },
        },
      ]);
    } finally {
      await browser.close();
    }
  });
});
