import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 900 };
const title = 'Chapter 5 exercise: fractions';

describe('homework in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('a student saves a draft with a file and a link, reopens it, submits, and sees the list update', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.goto(harness.url('/my-account/assignment'));
    await page.getByRole('heading', { name: 'Homework' }).waitFor();
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByText('5 days left').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByRole('link', { name: /View/ }).click();
    await page.waitForURL(/\/my-account\/assignment\/\d+$/);
    const detailUrl = page.url();

    const answer = join(tmpdir(), 'portal-e2e-answer.pdf');
    writeFileSync(answer, '%PDF-1.4\n% my working\n%%EOF\n');
    await page.getByLabel('Files to upload').setInputFiles(answer);
    await page.getByLabel('Link Name').fill('Number line video');
    await page.getByLabel('URL').fill('https://www.khanacademy.org/math/fractions');
    await page.getByRole('button', { name: 'Add Link' }).click();
    await page.getByLabel('Comment').fill('Working attached, will finish tomorrow');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText('Assignment saved as draft successfully!').waitFor();
    await page.waitForURL('**/my-account/assignment', { timeout: 10_000 });

    await page.goto(detailUrl);
    await page.getByText('portal-e2e-answer.pdf').first().waitFor();
    await page.getByText('Number line video').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Submission' });
    await confirm.getByText('Are you sure you want to submit the Assignment?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Assignment submitted successfully!').waitFor();
    await page.waitForURL('**/my-account/assignment', { timeout: 10_000 });
    await page.getByRole('article').filter({ hasText: title }).getByText('Submitted').waitFor();
    // Reopened, the work is read-only: the saved file and link are listed, the controls are gone.
    await page.goto(detailUrl);
    await page.getByRole('region', { name: 'Your files' }).getByText('portal-e2e-answer.pdf').waitFor();
    await page.getByRole('region', { name: 'Your links' }).getByText('Number line video').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a parent sees the child’s homework read-only', async () => {
    const page = await harness.newPage(desktop);
    await signIn(harness, page, '9000000002');
    const dialog = page.getByRole('dialog', { name: 'Select Profile' });
    await dialog.getByText('Aarav Sharma').click();
    await page.waitForURL('**/my-account/dashboard');
    await closePromo(page);
    await page.goto(harness.url('/my-account/assignment'));
    const card = page.getByRole('article').filter({ hasText: 'Map work: rivers of India' });
    await card.getByRole('link', { name: /View/ }).click();
    await page.waitForURL(/\/my-account\/assignment\/\d+$/);
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText('Parents are not allowed to submit').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
