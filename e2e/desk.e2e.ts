import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';
import { androidPhone, layoutProblems } from './support/layout.ts';

// The exam desk's statuses per spec part 2 §4 (issue 27 items 1, 2, 3 and 6), on the Apex demo student's desk.

const desktop = { width: 1280, height: 800 };
const apex = 'apex.localhost';
const shots = '/tmp/shots-desk';

/** Opens the desk and one label's list. */
async function openLabel(page: Page, harness: Harness, label: string) {
  if (!page.url().endsWith('/my-account/exam')) {
    await page.goto(harness.url('/my-account/exam', apex));
    await page.getByText('Click on the Test Type to view the scheduled exams').waitFor();
  }
  await page.getByRole('toolbar', { name: 'Test types' }).getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('article').first().waitFor();
}

/** The cards listed, each as 'name: button'. */
const cards = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map(
        (article) =>
          `${article.getAttribute('aria-label')}: ${article.querySelector('button:not([aria-expanded])')?.textContent ?? ''}`,
      ),
    );

describe('the exam desk shows §4’s statuses and keeps up with the panel', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => harness?.close());

  it('lists only upcoming, practice, ongoing, resume and view: no greyed Expired or used-up cards', async () => {
    const page = await harness.newPage(desktop);
    await openSignedIn(harness, page, 'student@apex.test', { host: apex });
    await openLabel(page, harness, 'Weekly Online Test');
    // Ended untaken: View (rule 2). Submitted within the window: expired, not shown (no greyed cards).
    expect((await cards(page)).sort()).toEqual([
      'Weekly Online Test: missed test: View',
      'Weekly Online Test: revision test (started): Resume',
      'Weekly Online Test: weekly test (live): Start',
    ]);
    await openLabel(page, harness, 'JEE Mock');
    // Taken last month: attempted, on Exam Reports only.
    expect((await cards(page)).sort()).toEqual([
      'JEE Mock: full syllabus (live): Start',
      'JEE Mock: full syllabus part two, with a name long enough to be cut on the card: Upcoming',
    ]);
    expect(await page.getByRole('button', { name: /Expired|Attempts used up/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('an open practice try (two of three submitted) shows Resume and opens that try', async () => {
    const page = await harness.newPage(desktop);
    await openSignedIn(harness, page, 'student@apex.test', { host: apex });
    await openLabel(page, harness, 'Daily Practice');
    // Two of three tries submitted and the third open with time left: Resume, not 'Attempts used up'.
    expect((await cards(page)).sort()).toEqual([
      'Daily Practice: drill (3 tries): Resume',
      'Daily Practice: quick quiz: Start',
    ]);
    expect(await page.getByRole('button', { name: /Expired|Attempts used up/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Resume opens the open try: the same attempt, with its answer.
    const opened = page.waitForEvent('popup');
    await page
      .getByRole('article', { name: 'Daily Practice: drill (3 tries)' })
      .getByRole('button', { name: 'Resume' })
      .click();
    const panel = await opened;
    await panel.getByRole('heading', { name: 'Daily Practice: drill (3 tries)' }).waitFor();
    expect(await panel.getByRole('radio', { name: /5 cm/ }).isChecked()).toBe(true);
    await panel.close();
    await page.context().close();
  });

  it('an unlabelled online test is reachable although the institute has an online label of its own', async () => {
    const page = await harness.newPage(desktop);
    await openSignedIn(harness, page, 'student@apex.test', { host: apex });
    await openLabel(page, harness, 'Online exam');
    expect(await cards(page)).toEqual(['Surprise quiz (no label): Start']);
    await page.context().close();
  });

  it('View opens the paper read-only in the panel’s window, with the key once nobody can take the test', async () => {
    const page = await harness.newPage(desktop);
    await openSignedIn(harness, page, 'student@apex.test', { host: apex });
    await openLabel(page, harness, 'Weekly Online Test');
    const opened = page.waitForEvent('popup');
    await page
      .getByRole('article', { name: 'Weekly Online Test: missed test' })
      .getByRole('button', { name: 'View' })
      .click();
    const paper = Object.assign(await opened, { errors: [] as string[] });
    paper.on('pageerror', (error) => paper.errors.push(error.message));
    await paper.getByRole('heading', { name: 'Weekly Online Test: missed test' }).waitFor();
    // No score popup on the desk.
    expect(await page.getByText(/Score:/).count()).toBe(0);
    expect(new URL(paper.url()).pathname).toBe('/my-account/test-panel/view');
    expect(new URL(paper.url()).hash).toBe('');
    await paper.getByText('Read only').waitFor();
    await paper.getByText('You did not take this test.').waitFor();
    // Every question, nothing to answer with.
    expect(await paper.getByRole('region', { name: /^Question \d+$/ }).count()).toBe(8);
    expect(await paper.getByRole('radio').count()).toBe(0);
    expect(await paper.getByRole('checkbox').count()).toBe(0);
    expect(await paper.getByRole('textbox').count()).toBe(0);
    expect(await paper.getByRole('combobox').count()).toBe(0);
    expect(await paper.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    // Ended eight days ago: the key is shown.
    const first = paper.getByRole('region', { name: 'Question 1' });
    await first.getByRole('listitem').filter({ hasText: '5 cm' }).getByText('Correct answer').waitFor();
    expect(await seriousA11yViolations(paper)).toEqual([]);
    // A reload keeps the paper (the credential stays in this window).
    await paper.reload();
    await paper.getByRole('heading', { name: 'Weekly Online Test: missed test' }).waitFor();
    expect(paper.errors).toEqual([]);
    await page.context().close();
  });

  it('the read-only paper fits a 360 px phone', async () => {
    const page = await harness.newPage(androidPhone);
    await openSignedIn(harness, page, 'student@apex.test', { host: apex });
    await openLabel(page, harness, 'Weekly Online Test');
    expect(await layoutProblems(page, 'main')).toEqual([]);
    await page.screenshot({ path: `${shots}/desk-online-360.png`, fullPage: true });
    const opened = page.waitForEvent('popup');
    await page
      .getByRole('article', { name: 'Weekly Online Test: missed test' })
      .getByRole('button', { name: 'View' })
      .tap();
    const paper = await opened;
    await paper.setViewportSize({ width: androidPhone.width, height: androidPhone.height });
    await paper.getByRole('heading', { name: 'Weekly Online Test: missed test' }).waitFor();
    expect(await layoutProblems(paper)).toEqual([]);
    await paper.screenshot({ path: `${shots}/paper-360-first-screen.png` });
    await paper.screenshot({ path: `${shots}/paper-360.png`, fullPage: true });
    await page.context().close();
  });

  it('refreshes after a submit in the panel window, without a reload', async () => {
    const page = await harness.newPage(desktop);
    await openSignedIn(harness, page, 'student@apex.test', { host: apex });
    await openLabel(page, harness, 'Weekly Online Test');
    const card = page.getByRole('article', { name: 'Weekly Online Test: weekly test (live)' });
    const opened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Start' }).click();
    const panel = await opened;
    await panel.getByRole('heading', { name: 'Weekly Online Test: weekly test (live)' }).waitFor();
    await panel.getByRole('radio', { name: /5 cm/ }).check();
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await panel.getByRole('dialog', { name: 'Submit test' }).getByRole('button', { name: 'Submit' }).click();
    await panel.getByText('Your test has been submitted.').waitFor();
    // The desk's tab was never reloaded nor refocused: the panel's report refreshed it. Submitted within the
    // window, the test is expired and leaves the list.
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    expect((await cards(page)).sort()).toEqual([
      'Weekly Online Test: missed test: View',
      'Weekly Online Test: revision test (started): Resume',
    ]);
    await page.context().close();
  });
});
