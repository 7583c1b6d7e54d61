// Issue 18: one browser test per defect found by the walk through every screen (defect 11 is in keyboard.e2e.ts).
// Each asserts what the user sees, so it fails if the defect comes back.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertText, closePromo, menuLabels, openSignedIn, signIn, signInToDashboard } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const apex = { host: 'apex.localhost' };

/** A 2×1 PNG (red, blue): the photo the student uploads, told apart from any generic avatar by its bytes. */
const photoBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwMAAAAX+Af9UYkNIAAAAAElFTkSuQmCC',
  'base64',
);

/** The bytes behind an image the page shows, fetched by the page itself (its address may be signed for its host). */
async function imageBytes(image: Locator): Promise<Buffer> {
  const { status, bytes } = await image.evaluate(async (img: HTMLImageElement) => {
    const response = await fetch(new URL(img.getAttribute('src') ?? '', document.baseURI));
    return { status: response.status, bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
  });
  expect(status).toBe(200);
  return Buffer.from(bytes);
}

/** The header's photo (an <img> only when there is a photo: the generic avatar is a drawn icon). */
const headerPhoto = (page: Page) => page.getByRole('button', { name: 'Profile menu' }).locator('img');

/** Signs in a parent login and picks the child in Select Profile. */
async function signInAsParentOf(harness: Harness, page: Page, login: string, child: string) {
  await signIn(harness, page, login);
  await page.getByRole('dialog', { name: 'Select Profile' }).getByText(child).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Yes' });
  const landed = page.waitForURL('**/my-account/dashboard').then(() => 'dashboard' as const);
  // The parent may still be signed in from an earlier test in another browser: take over here.
  if ((await Promise.race([landed, confirm.waitFor().then(() => 'confirm' as const)])) === 'confirm') {
    await confirm.click();
    await landed;
  }
}

/** The background colour an element is seen against: its own, or the first ancestor's that is not transparent. */
const backdropColour = (element: Locator) =>
  element.evaluate((node: Element) => {
    for (let current: Element | null = node; current; current = current.parentElement) {
      const colour = getComputedStyle(current).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'none';
  });

/** A single sign-on link of Greenfield's own system for `login` (the institute asks for it with its API key). */
async function ssoToken(harness: Harness, login: string): Promise<string> {
  const answer = await fetch(harness.url('/api/v1/sso/link'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-greenfield-sso-key' },
    body: JSON.stringify({ login }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** "DD-MM-YYYY hh:mm AM" as minutes since the epoch of its own wall clock (comparable with another such time). */
function wallMinutes(date: string, time: string): number {
  const [day, month, year] = date.split('-').map(Number);
  const match = /^(\d{2}):(\d{2})(?::\d{2})? ([AP]M)$/.exec(time);
  expect(match, time).not.toBeNull();
  const hour = (Number(match![1]) % 12) + (match![3] === 'PM' ? 12 : 0);
  return Date.UTC(year!, month! - 1, day!, hour, Number(match![2])) / 60_000;
}

describe('issue 18: the defects of the walk through every screen, in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('defect 1: an open-course user’s Profile shows their account, contact and Change Password, not "Not Found"', async () => {
    const page = await harness.newPage(desktop);
    await openSignedIn(harness, page, 'buyer@apex.test', apex);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const account = page.getByRole('region', { name: 'Account' });
    await account.waitFor();
    await account.getByText('Apex Coaching Institute').waitFor();
    await page.getByRole('region', { name: 'Contact' }).getByText('buyer@apex.test').waitFor();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Change Password' }).getByLabel('Existing Password').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Something went wrong');
    expect(text).not.toContain('Not Found');
    await page.context().close();
  });

  it('defect 2: after Change Photo the header shows the photo, and still after a logout and a new sign-in', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    // Before: the generic avatar, no picture.
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    expect(await headerPhoto(page).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Change Photo' }).click();
    const file = join(tmpdir(), 'portal-e2e-defect-photo.png');
    writeFileSync(file, photoBytes);
    const dialog = page.getByRole('dialog', { name: 'Change Photo' });
    await dialog.getByLabel('Photo').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('profile picture updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await headerPhoto(page).waitFor();
    expect((await imageBytes(headerPhoto(page))).equals(photoBytes)).toBe(true);
    // The profile popup shows it too.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    const popup = page.getByRole('dialog', { name: 'Profile menu' });
    await popup.locator('img').waitFor();
    expect((await imageBytes(popup.locator('img'))).equals(photoBytes)).toBe(true);

    await popup.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    await signInToDashboard(harness, page, '9000000001');
    await headerPhoto(page).waitFor();
    expect((await imageBytes(headerPhoto(page))).equals(photoBytes)).toBe(true);
    await page.context().close();
  });

  it('defect 3: a single sign-on link for a user signed in elsewhere asks, and after No says what happened and what to do', async () => {
    const page = await harness.newPage();
    await page.goto(harness.url(`/my-account/?token=${await ssoToken(harness, '9000000010')}`));
    const question = page.getByRole('dialog', { name: 'Already signed in' });
    await question
      .getByText(
        'You are already logged in on another device. Do you want to use here? You will be logged out from other devices.',
      )
      .waitFor();
    await question.getByRole('button', { name: 'No' }).click();
    await page.getByRole('heading', { name: 'Oops! Something went wrong.' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(
      'You stayed signed in on your other device. Open the link again to sign in here, or use the other device.',
    );
    await page.context().close();

    // A new link, and Yes: signed in here.
    const again = await harness.newPage();
    await again.goto(harness.url(`/my-account/?token=${await ssoToken(harness, '9000000010')}`));
    await again.getByRole('dialog', { name: 'Already signed in' }).getByRole('button', { name: 'Yes' }).click();
    await again.waitForURL('**/my-account/dashboard', { timeout: 15_000 });
    expect(await again.getByText('The login link might be invalid or expired.').count()).toBe(0);
    await again.context().close();
  });

  it('defect 4: Forgot Password for a phone with a parent profile names the child', async () => {
    // The child the parent profile of 9000000003 is for, as Select Profile shows it.
    const login = await harness.newPage();
    await signIn(harness, login, '9000000003');
    const profiles = login.getByRole('dialog', { name: 'Select Profile' });
    await profiles.getByText(/^Parent of .+ · /).waitFor();
    const child = /^Parent of (.+) · /.exec(await profiles.getByText(/^Parent of .+ · /).innerText())?.[1];
    expect(child).toBeTruthy();
    await login.context().close();

    const page = await harness.newPage();
    await page.goto(harness.url('/my-account/'));
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByRole('textbox').fill('9000000003');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The accounts of the phone, each a button with its name (the dialog's close button has none).
    const choices = page
      .getByRole('dialog', { name: 'Forgot Password For' })
      .getByRole('button')
      .filter({ hasText: /\S/ });
    await choices.first().waitFor();
    const names = (await choices.allInnerTexts()).map((name) => name.trim());
    expect(names).toHaveLength(2);
    expect(names.filter((name) => name.endsWith(`(Parent of ${child})`))).toHaveLength(1);
    for (const name of names) expect(name).not.toMatch(/Parent of\s*(·|\)|$)/);
    await page.context().close();
  });

  describe('defect 5: assignments', () => {
    it('back from a Past assignment, and a reload, keep the Past tab', async () => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Homework' }).click();
      const past = page.getByRole('tab', { name: /^Past \(\d+\)$/ });
      await past.click();
      const card = page.getByRole('article').filter({ hasText: 'Lab record: acids and bases' });
      await card.getByRole('link', { name: /View/ }).click();
      await page.waitForURL(/\/my-account\/assignment\/\d+$/);
      await page.getByRole('heading', { name: 'Lab record: acids and bases' }).first().waitFor();

      await page.goBack();
      await page.getByRole('tab', { name: /^Past \(\d+\)$/, selected: true }).waitFor();
      await page.getByRole('article').filter({ hasText: 'Lab record: acids and bases' }).waitFor();
      expect(await page.getByRole('tab', { name: /^Ongoing \(\d+\)$/ }).getAttribute('aria-selected')).toBe('false');

      await page.reload();
      await page.getByRole('tab', { name: /^Past \(\d+\)$/, selected: true }).waitFor();
      await page.getByRole('article').filter({ hasText: 'Lab record: acids and bases' }).waitFor();
      await page.context().close();
    });

    it('every Past assignment, the draft never submitted included, is found by some Past filter', async () => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Homework' }).click();
      await page.getByRole('tab', { name: /^Past \(\d+\)$/ }).click();
      const titles = page.getByRole('article').getByRole('heading');
      const total = Number(/\((\d+)\)/.exec(await page.getByRole('tab', { name: /^Past/ }).innerText())![1]);
      await page.waitForFunction((count) => document.querySelectorAll('article').length === count, total);
      const all = await titles.allInnerTexts();
      expect(all).toContain('Project: water conservation');

      const status = page.getByLabel('Status');
      const filters = (await status.locator('option').allInnerTexts()).filter((label) => label !== 'Select Status');
      const found = new Set<string>();
      for (const filter of filters) {
        await status.selectOption(filter);
        // The list has redrawn for this filter: its cards, or the empty text.
        await page.waitForFunction(
          () => document.querySelectorAll('article').length > 0 || document.body.innerText.includes('No Assignments'),
        );
        for (const title of await titles.allInnerTexts()) found.add(title);
      }
      expect([...found].sort()).toEqual([...all].sort());

      await status.selectOption('Not Submitted');
      await page.getByRole('article').filter({ hasText: 'Project: water conservation' }).waitFor();
      await page.context().close();
    });
  });

  it.each(['Blue', 'Purple', 'Dark'])(
    'defect 6: on the %s header the institute’s logo sits on a white plate',
    async (theme) => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      await page.getByRole('button', { name: /^Theme: / }).click();
      await page.getByRole('menuitem', { name: theme }).click();
      await page.getByRole('button', { name: `Theme: ${theme}` }).waitFor();
      const header = page.getByRole('banner');
      // The header is tinted (not white) in this theme…
      expect(await backdropColour(header)).not.toBe('rgb(255, 255, 255)');
      // …and the logo, drawn for a white page, is seen against white.
      const logo = header.locator('img[src*="logo"]');
      await logo.waitFor();
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await backdropColour(logo)).toBe('rgb(255, 255, 255)');
      await page.context().close();
    },
  );

  describe('defect 7: logout and the parent’s popup', () => {
    it('a forced logout says its message once (the Alert, no toast as well)', async () => {
      const page = await harness.newPage(desktop);
      await signInToDashboard(harness, page, 'student@apex.test', apex);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Live Classes' }).click();
      await page.getByRole('tab', { name: 'Upcoming Classes' }).waitFor();
      // The same account signs in in another browser and logs this one out.
      const other = await harness.newPage(desktop);
      await signInToDashboard(harness, other, 'student@apex.test', apex);
      await other.context().close();

      // The screen's next request is refused: the screen fails, and the session ends here.
      await page.getByRole('tab', { name: 'Upcoming Classes' }).click();
      const message = await alertText(page);
      expect(message).toBe('You have been logged out. Please login again.');
      await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(message, { exact: true }).count()).toBe(1);
      await page.context().close();
    });

    it('the parent’s profile popup names the child and shows the child’s ID', async () => {
      const page = await harness.newPage(desktop);
      await signInAsParentOf(harness, page, '9000000002', 'Aarav Sharma');
      await closePromo(page);
      // The child's ID as Profile shows it.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
      const education = page.getByRole('region', { name: 'Education Info' });
      await education.waitFor();
      const studentId = (await education.locator('dt:text-is("Student ID") + dd').innerText()).trim();
      expect(studentId).toMatch(/\w/);

      await page.getByRole('button', { name: 'Profile menu' }).click();
      const popup = page.getByRole('dialog', { name: 'Profile menu' });
      await popup.getByText('Parent of Aarav Sharma').waitFor();
      expect(await popup.getByText(/^ID: /).innerText()).toBe(`ID: ${studentId}`);
      await page.context().close();
    });
  });

  describe('defect 8: banners', () => {
    it('on a phone no arrow covers the banner: the dots move between banners', async () => {
      const page = await harness.newPage(phone);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      const banners = page.getByRole('region', { name: 'Banners' });
      await banners.getByRole('img').first().waitFor();
      await banners.getByRole('tab', { name: 'Show banner 2' }).waitFor();
      expect(await banners.getByRole('button', { name: /^(Previous|Next) banner$/ }).count()).toBe(0);

      // A laptop's window does have the arrows (the same build, the same banners).
      await page.setViewportSize(desktop);
      await banners.getByRole('button', { name: 'Previous banner' }).waitFor();
      await page.context().close();
    });

    it('each banner is named by what it says, not "Banner 1 of 5"', async () => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      // The pictures of the slides (the arrows' icons are images too).
      const images = page
        .getByRole('region', { name: 'Banners' })
        .getByRole('group', { name: 'Carousel slide' })
        .getByRole('img');
      await images.first().waitFor();
      expect(await images.count()).toBeGreaterThan(1);
      for (const image of await images.all()) {
        const name = await image.evaluate((img: HTMLImageElement) => img.alt);
        expect(name).not.toMatch(/^Banner \d+ of \d+/);
        // The headline the picture itself shows.
        const headline = /<text[^>]*>([^<]+)<\/text>/.exec((await imageBytes(image)).toString('utf8'))?.[1];
        expect(headline).toBeTruthy();
        expect(name.replace(/ \(opens in a new tab\)$/, '')).toBe(headline);
      }
      await page.context().close();
    });
  });

  describe('defect 9: sizes, times and pictures', () => {
    it('attachments and documents show their size, never "0.00 MB"', async () => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      await page.goto(harness.url('/my-account/assignment?open=999'));
      const card = page.getByRole('article').filter({ hasText: 'Lab record: acids and bases' });
      await card.getByRole('link', { name: /View/ }).click();
      await page.getByText('Solution.pdf').first().waitFor();
      const sizes = await page.getByText(/^(< )?\d+\.\d{2} MB$/).allInnerTexts();
      // The question sheet, the solution and the student's own file, all small.
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      expect(sizes).not.toContain('0.00 MB');

      // The files the institute shares in Documents are just as small; a video hosted elsewhere (Vimeo,
      // VdoCipher) has no stored file, so no size rather than "0.00 MB".
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Documents' }).click();
      await page.getByLabel('Reference ebook', { exact: true }).waitFor();
      const files = page
        .getByTestId('document-card')
        .filter({ has: page.getByRole('link', { name: 'Download', exact: true }) });
      expect((await files.getByText(/MB$/).allInnerTexts()).length).toBeGreaterThan(3);
      const documentSizes = await page.getByTestId('document-card').getByText(/MB$/).allInnerTexts();
      expect(documentSizes).not.toContain('0.00 MB');
      await page.context().close();
    });

    it('no notice says it was updated later than the time the home clock shows', async () => {
      // A browser in the institute's zone (Kolkata), so the home clock and the notices read the same wall time.
      const context = await harness.newContext({ viewport: desktop, timezoneId: 'Asia/Kolkata' });
      const page = await context.newPage();
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      const clock = page.locator('time').first();
      await clock.waitFor();
      const date = await page
        .getByText(/^\d{2}-\d{2}-\d{4}$/)
        .first()
        .innerText();
      const now = wallMinutes(date, await clock.innerText());

      await page.goto(harness.url('/my-account/announcement'));
      await page.getByRole('heading', { name: 'Notice Board' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('article').length === 5);
      for (const notice of await page.getByRole('article').allInnerTexts()) {
        const updated = /Updated (\d{2}-\d{2}-\d{4}) (\d{2}:\d{2} [AP]M)/.exec(notice);
        const announced = /Announced (\d{2}-\d{2}-\d{4}) (\d{2}:\d{2} [AP]M)/.exec(notice);
        expect(updated, notice).not.toBeNull();
        expect(announced, notice).not.toBeNull();
        const updatedAt = wallMinutes(updated![1]!, updated![2]!);
        expect(updatedAt, notice).toBeLessThanOrEqual(now);
        expect(wallMinutes(announced![1]!, announced![2]!), notice).toBeLessThanOrEqual(updatedAt);
      }
      await context.close();
    });

    it('each product shows its own picture (JEE Advanced Problem Bank’s bears its title)', async () => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, 'student@apex.test', apex);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Products' }).click();
      const jee = page.getByRole('link', { name: /JEE Advanced Problem Bank/ });
      await jee.locator('img').waitFor();
      for (const product of await page
        .getByRole('main')
        .getByRole('link')
        .filter({ has: page.locator('img') })
        .all()) {
        const title = (await product.innerText()).split('\n')[0]!.trim();
        const picture = (await imageBytes(product.locator('img'))).toString('utf8');
        expect(picture, title).toContain(`>${title}<`);
      }
      await page.context().close();
    });
  });

  describe('defect 10: Live Classes, Documents and what the menu hides', () => {
    it('Live Classes and Documents are screens with their content, not bare headings', async () => {
      const page = await harness.newPage(desktop);
      await openSignedIn(harness, page, '9000000001');
      await closePromo(page);
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('link', { name: 'Live Classes' }).click();
      await page.getByRole('heading', { level: 1, name: 'Live Classes' }).waitFor();
      await page.getByRole('tab', { name: 'Upcoming Classes' }).click();
      const upcoming = page.getByRole('article', { name: 'Problem solving marathon' });
      await upcoming.getByRole('button', { name: /Join/ }).waitFor();

      await menu.getByRole('link', { name: 'Documents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
      await page.getByLabel('Reference ebook', { exact: true }).waitFor();
      expect(await page.getByTestId('document-card').count()).toBeGreaterThan(1);
      await page.context().close();
    });

    it('a screen the menu hides does not open by its address either', async () => {
      const page = await harness.newPage(desktop);
      await signInAsParentOf(harness, page, '9000000002', 'Diya Sharma');
      await closePromo(page);
      const labels = await menuLabels(page);
      for (const [path, label] of [
        ['/document', 'Documents'],
        ['/studymaterial', 'Study Materials'],
      ] as const) {
        expect(labels).not.toContain(label);
        await page.goto(harness.url(`/my-account${path}`));
        await page.waitForURL('**/my-account/dashboard');
        await page.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor();
        expect(await page.getByRole('heading', { level: 1, name: label }).count()).toBe(0);
      }
      await page.context().close();

      // The open-course buyer has neither Fees nor Assignments.
      const buyer = await harness.newPage(desktop);
      await openSignedIn(harness, buyer, 'buyer@apex.test', apex);
      for (const [path, label] of [
        ['/fees', 'Fees'],
        ['/assignment', 'Assignments'],
      ] as const) {
        expect(await menuLabels(buyer)).not.toContain(label);
        await buyer.goto(harness.url(`/my-account${path}`, 'apex.localhost'));
        await buyer.waitForURL('**/my-account/dashboard');
        await buyer.getByRole('heading', { level: 1, name: /Good (Morning|Afternoon|Evening)/ }).waitFor();
        expect(await buyer.getByRole('heading', { level: 1, name: label }).count()).toBe(0);
      }
      await buyer.context().close();
    });
  });
});
