import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };
/** A 1×1 PNG for the photo upload. */
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('home, profile and products in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('home for the Greenfield student: clocks tick, 3 notices, banners, promo once, View All search by time', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    const clock = page.locator('time').first();
    const before = await clock.innerText();
    await page.waitForFunction((previous) => document.querySelector('time')?.textContent !== previous, before);
    // On the run's date (e2eStart in support/harness.ts), whatever this machine's.
    expect(
      await page
        .getByText(/^\d{2}-\d{2}-\d{4}$/)
        .first()
        .innerText(),
    ).toBe('25-11-2026');
    expect(await page.getByRole('heading', { name: 'NOTICE BOARD' }).isVisible()).toBe(true);
    expect(await page.getByRole('article').count()).toBe(3);
    await page.getByRole('article').first().getByRole('heading', { name: 'Annual Sports Day' }).waitFor();
    expect(await page.getByRole('region', { name: 'Banners' }).getByRole('img').count()).toBeGreaterThan(0);
    // The seeded notice's script never runs: nothing but the app writes to the page title.
    expect(await page.title()).toBe('My Account');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'View All', exact: true }).click();
    await page.waitForURL('**/my-account/announcement');
    await page.getByRole('heading', { name: 'Notice Board' }).waitFor();
    // All five notices addressed to this student (the other section's picnic is not among them).
    await page.waitForFunction(() => document.querySelectorAll('article').length === 5);
    expect(await page.getByText('Class 6 A picnic').count()).toBe(0);
    // Search by the update time the notice shows (the seed never dates it after the moment it was seeded).
    const sports = page.getByRole('article').filter({ hasText: 'Annual Sports Day' });
    const updated = /Updated \S+ (\d{2}:\d{2} [AP]M)/.exec(await sports.innerText())?.[1];
    expect(updated).toBeDefined();
    // Another notice may show the same time (a seed at 12:05 dates this one 12:00 PM, like the library notice):
    // the list keeps exactly the notices whose text has that time.
    const texts = await page.getByRole('article').allInnerTexts();
    const expected = texts.filter((text) => text.includes(updated!)).length;
    expect(expected).toBeLessThan(5);
    await page.getByLabel('Search').fill(updated!);
    await page.waitForFunction((count) => document.querySelectorAll('article').length === count, expected);
    await page.getByRole('article').filter({ hasText: 'Annual Sports Day' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The promo shows once per browser: not again after a reload.
    await page.goto(harness.url('/my-account/dashboard'));
    await page.getByRole('heading', { name: 'NOTICE BOARD' }).waitFor();
    // The banners' answer carries the promo: once they show, the pop-up would have been asked for. Then let the
    // clock tick once, so a pop-up on its way (its code loads on first use) has had its chance to open.
    await page.getByRole('region', { name: 'Banners' }).getByRole('img').first().waitFor();
    const shown = await page.evaluate(() => document.querySelector('time')?.textContent);
    await page.waitForFunction((previous) => document.querySelector('time')?.textContent !== previous, shown);
    expect(await page.getByRole('dialog', { name: 'Promotion' }).count()).toBe(0);
    expect(page.errors.filter((error) => !/youtube|Failed to load resource/i.test(error))).toEqual([]);
    await page.context().close();
  });

  it('home for the Apex student: no banners, the ANNOUNCEMENT heading', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, 'student@apex.test', { host: 'apex.localhost' });
    await page.getByRole('heading', { name: 'ANNOUNCEMENT' }).waitFor();
    // The notice's card (Today names it too, as a link).
    await page.getByRole('heading', { name: 'JEE mock test series' }).waitFor();
    expect(await page.getByRole('region', { name: 'Banners' }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Promotion' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('products of the open-course buyer: tabs with counts, a detail page with sample videos', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, 'buyer@apex.test', { host: 'apex.localhost' });
    await page.goto(harness.url('/my-account/product', 'apex.localhost'));
    // Two products of the store and the study library's Physics Video Course.
    await page.getByRole('tab', { name: 'Active (3)' }).waitFor();
    await page.getByRole('tab', { name: 'Expired (1)' }).click();
    await page.getByText('NEET Biology Booster').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Active (3)' }).click();
    await page.getByText('JEE Main Crash Course').click();
    await page.waitForURL(/\/my-account\/product\/\d+$/);
    await page.getByText('INR 12,499').waitFor();
    await page.getByText('Product Details').waitFor();
    await page.getByText('Video Lectures').waitFor();
    expect(await page.locator('iframe[src*="youtube-nocookie.com/embed/"]').count()).toBe(2);
    expect(await page.locator('video[src$=".mp4"]').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL('**/my-account/product');
    await page.context().close();
  });

  it('profile edits of each field, then a password change that logs out', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await page.goto(harness.url('/my-account/Profile'));
    await page.getByRole('region', { name: 'Education Info' }).waitFor();
    await page.getByText('XXXX-XXXX-2109').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const save = async (dialogName: string, toast: string) => {
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(toast).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    };

    await page.getByRole('button', { name: 'Edit Address' }).click();
    await page.getByRole('dialog', { name: 'Edit Address' }).getByLabel('Address').fill('7 Lake View, Aundh, Pune');
    await save('Edit Address', 'Address Updated Succesfully');
    await page.getByText('7 Lake View, Aundh, Pune').first().waitFor();

    await page.getByRole('button', { name: 'Edit Birth Place' }).click();
    await page.getByRole('dialog', { name: 'Edit Birth Place' }).getByLabel('Birth Place').fill('Nagpur');
    await save('Edit Birth Place', 'Birthplace Updated Succesfully');

    await page.getByRole('button', { name: 'Edit Blood Group' }).click();
    await page.getByRole('dialog', { name: 'Edit Blood Group' }).getByLabel('Blood Group').selectOption('AB+');
    await save('Edit Blood Group', 'Bloodgroup Updated Succesfully');

    await page.getByRole('button', { name: 'Edit Date of Birth' }).click();
    const dob = page.getByRole('dialog', { name: 'Edit Date of Birth' });
    await dob.getByLabel('Day').selectOption('29');
    await dob.getByLabel('Month').selectOption({ index: 2 });
    await dob.getByLabel('Year').selectOption('2013');
    await dob.getByRole('button', { name: 'Save' }).click();
    await dob.getByText('Selected year Have 28 Days In February').waitFor();
    await dob.getByLabel('Year').selectOption('2012');
    await save('Edit Date of Birth', 'DOB Updated Successfully');
    await page.getByText('29-02-2012').waitFor();

    const photo = join(tmpdir(), 'portal-e2e-photo.png');
    writeFileSync(photo, pixel);
    await page.getByRole('button', { name: 'Change Photo' }).click();
    await page.getByRole('dialog', { name: 'Change Photo' }).getByLabel('Photo').setInputFiles(photo);
    await save('Change Photo', 'profile picture updated successfully');

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Existing Password').fill('demo1234');
    await dialog.getByLabel('New Password', { exact: true }).fill('newpass9');
    await dialog.getByLabel('Retype New Password').fill('newpass9');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully,Please Re-Login!').waitFor();
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor({ timeout: 10_000 });
    await page.context().close();

    // The new password opens the account; the old one no longer does.
    const again = await harness.newPage();
    await signIn(harness, again, '9000000001', { password: 'newpass9' });
    await again.waitForURL('**/my-account/dashboard');
    await again.context().close();
  });
});
