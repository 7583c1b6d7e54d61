import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 900 };
const apex = 'apex.localhost';

/** Opens the Payment History tab, downloads the first receipt and answers the file's first bytes. */
async function downloadFirstReceipt(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Payment History' }).click();
  const table = page.getByRole('table', { name: 'Payment History' });
  await table.waitFor();
  const button = table.getByRole('button', { name: /^Download receipt / }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^Fee-Receipt-GPS-\d{6}-\d{4}\.pdf$/);
  // The run's one Chromium is connected to, not launched here: the file is copied out of it (path() is the browser's).
  const folder = await mkdtemp(join(tmpdir(), 'receipt-'));
  try {
    const path = join(folder, download.suggestedFilename());
    await download.saveAs(path);
    return (await readFile(path)).subarray(0, 5).toString('latin1');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('fees in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('a student sees the totals, the due installments and downloads a real PDF receipt', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.goto(harness.url('/my-account/fees'));
    await page.getByRole('heading', { level: 1, name: 'Fees' }).waitFor();
    for (const card of ['Total Fees', 'Paid Fees', 'Due Fees']) {
      await page
        .getByRole('group', { name: card })
        .getByText(/^Rs [\d,]+$/)
        .waitFor();
    }
    const due = page.getByRole('table', { name: 'Due Details' });
    await due.waitFor();
    expect(await due.getByRole('columnheader').allTextContents()).toEqual([
      'Instl. No.',
      'Date',
      'Standard',
      'Total Amount',
      'Fine Amount',
      'Balance Amount',
      'Status',
    ]);
    await due.getByText('Overdue').first().waitFor();
    await due.getByText('Partially Paid').first().waitFor();
    await due.getByText('Due', { exact: true }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await downloadFirstReceipt(page)).toBe('%PDF-');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a parent sees the overdue banner, the child’s fees, and downloads a receipt', async () => {
    const page = await harness.newPage(desktop);
    await signIn(harness, page, '9000000002');
    await page.getByRole('dialog', { name: 'Select Profile' }).getByText('Aarav Sharma').click();
    await page.waitForURL('**/my-account/dashboard');
    await closePromo(page);
    const banner = page.getByRole('alert').filter({ hasText: 'Fees overdue' });
    await banner.getByText(/of fees is overdue\. Please pay it to avoid further fines\./).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await banner.getByRole('link', { name: 'View fees' }).click();
    await page.waitForURL('**/my-account/fees');
    await page.getByRole('table', { name: 'Due Details' }).getByText('Overdue').first().waitFor();
    expect(await downloadFirstReceipt(page)).toBe('%PDF-');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a coaching student and parent open Fees on the year of the installments, kept through a tab change and a reload', async () => {
    for (const login of ['student@apex.test', '9100000002']) {
      const page = await harness.newPage(desktop);
      await signInToDashboard(harness, page, login, { host: apex });
      await page.goto(harness.url('/my-account/fees', apex));
      const year = page.getByRole('combobox', { name: 'Fees academic year' });
      await year.waitFor();
      // The student's own (newest) year, where every installment is: not last year's empty page.
      expect(await year.locator('option:checked').innerText(), login).toBe('2026-27');
      const due = page.getByRole('table', { name: 'Due Details' });
      await due.getByText('Overdue').first().waitFor();
      // The year chosen stays in the address, through a tab change and a reload.
      await year.selectOption({ label: '2025-26' });
      await page.getByText('No Data Available').waitFor();
      await page.getByRole('tab', { name: 'Payment History' }).click();
      await page.reload();
      await page.getByRole('tab', { name: 'Payment History', selected: true }).waitFor();
      expect(await year.locator('option:checked').innerText()).toBe('2025-26');
      await page.context().close();
    }
  });
});
