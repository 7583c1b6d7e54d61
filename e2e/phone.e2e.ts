import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signInToDashboard } from './support/flows.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { androidPhone, layoutProblems } from './support/layout.ts';

/**
 * Screens on a 360 px Android phone (issue 26): nothing scrolls sideways, no text is cut, every touch target is at
 * least 24 px. Each screen that is made phone-first adds its walk here.
 */
describe('on a 360 px Android phone', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('live classes: every card shows its whole state badge, and nothing is cut or too small to tap', async () => {
    const page = await harness.newPage({ ...androidPhone, timezoneId: 'Asia/Kolkata' });
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.goto(harness.url('/my-account/live'));
    const today = page.getByRole('region', { name: /^Today / });
    await today.getByText('Ongoing').first().waitFor();
    expect(await layoutProblems(page, 'main')).toEqual([]);
    // The header: the institute's whole name, in two lines if it must.
    await expect(
      page.locator('header').getByText('Greenfield Public School', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    expect(await layoutProblems(page, 'header')).toEqual([]);
    await page.getByRole('tab', { name: 'Upcoming Classes' }).click();
    await page.getByRole('article', { name: 'Problem solving marathon' }).waitFor();
    expect(await layoutProblems(page, 'main')).toEqual([]);
  });

  it('the exam desk: under every label the cards show their whole name and tag, and nothing is cut or too small to tap', async () => {
    const page = await harness.newPage(androidPhone);
    await signInToDashboard(harness, page, 'student@apex.test', { host: 'apex.localhost' });
    await page.goto(harness.url('/my-account/exam', 'apex.localhost'));
    await page.getByText('Click on the Test Type to view the scheduled exams').waitFor();
    const labels = page.getByRole('toolbar', { name: 'Test types' }).getByRole('button');
    const count = await labels.count();
    expect(count).toBeGreaterThan(2);
    for (let index = 0; index < count; index += 1) {
      await labels.nth(index).click();
      await page.getByRole('article').first().waitFor();
      expect(await layoutProblems(page, 'main'), await labels.nth(index).innerText()).toEqual([]);
    }
  });

  it('the profile: every value and its Edit button whole, and nothing too small to tap', async () => {
    const page = await harness.newPage(androidPhone);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.goto(harness.url('/my-account/profile'));
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    expect(await layoutProblems(page, 'main')).toEqual([]);
  });
});
