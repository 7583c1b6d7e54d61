import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 900 };
const apex = 'apex.localhost';

/** The bars a chart drew (recharts draws one rectangle per non-zero value). */
const bars = (chart: Locator) => chart.locator('.recharts-bar-rectangle path');
/** The category labels under a chart's x axis, and the notes under them (say 'Absent'). */
const xLabels = (chart: Locator) => chart.locator('.report-chart-category');
const xNotes = (chart: Locator) => chart.locator('.report-chart-note');

/** A figure of the Summary, by its label. */
const figure = async (page: Page, label: string) =>
  (await page.getByRole('group', { name: label, exact: true }).innerText()).replace(label, '').trim();

/** From Exam Reports: the label's released test, its Summary with every figure and the subject-wise chart. */
async function openResult(page: Page, label: string, test: string) {
  await page.getByText('Click on the Test Type to view the exam reports').waitFor();
  await page.getByRole('navigation', { name: 'Test labels' }).getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('article', { name: test }).getByRole('button', { name: 'View' }).click();
  await page.getByRole('heading', { level: 2, name: test }).waitFor();
  await page.getByRole('group', { name: 'Rank', exact: true }).waitFor();

  const students = Number(await figure(page, 'Students Appeared'));
  const rank = Number(await figure(page, 'Rank'));
  // The demo's released tests were taken by the classmates too: a rank among several.
  expect(students).toBeGreaterThanOrEqual(3);
  expect(rank).toBeGreaterThanOrEqual(1);
  expect(rank).toBeLessThanOrEqual(students);
  expect(await figure(page, 'Percentile')).toBe(String(Math.round(((students - rank) / students) * 10_000) / 100));
  expect(await figure(page, 'Marks')).toMatch(/^-?\d+(\.\d+)?\/\d+(\.\d+)?$/);
  expect(await figure(page, 'Total Time')).toMatch(/^\d+:\d\d:\d\d$/);
  for (const label of ['Questions Attempted', 'Correct', 'Incorrect']) {
    expect(await figure(page, label)).toMatch(/^\d+$/);
  }
  const tables = page.getByRole('table');
  expect(await tables.nth(0).getByRole('columnheader').allInnerTexts()).toEqual([
    'Subject',
    'Score',
    'Correct',
    'Incorrect',
    'Not attempted',
    'Time',
  ]);
  // The key columns first, so a phone shows them before any scrolling.
  const questions = page.getByRole('table', { name: 'Question-wise' });
  expect(await questions.getByRole('columnheader').allInnerTexts()).toEqual([
    'Question',
    'Result',
    'Score',
    'Your answer',
    'Correct answer',
  ]);
  expect(await questions.getByRole('row').count()).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Subject-wise chart' }).click();
  const popup = page.getByRole('dialog', { name: 'Subject-wise distribution' });
  const chart = popup.getByRole('img', { name: 'Subject-wise distribution chart' });
  await bars(chart).first().waitFor();
  expect(await xLabels(chart).count()).toBeGreaterThanOrEqual(1);
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });
  return { rank, students };
}

/** The Score Card tab opens our score card page in a new window, with the same rank and test. */
async function openScoreCard(page: Page, test: string, { rank, students }: { rank: number; students: number }) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('tab', { name: 'Score Card' }).click();
  const card = await opened;
  await card.getByRole('heading', { name: 'Score Card' }).waitFor();
  await card.getByText(`Test: ${test}`).waitFor();
  expect(await card.getByRole('row', { name: /^Rank / }).innerText()).toBe(`Rank\t${rank} of ${students}`);
  await card.close();
}

/** The Comparison With Topper tab: the three columns and the chart. */
async function compareWithTopper(page: Page) {
  await page.getByRole('tab', { name: 'Comparison With Topper' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Comparison With Topper' });
  expect(await panel.getByRole('columnheader').allInnerTexts()).toEqual(['', 'You', 'Topper', 'Average']);
  await bars(panel.getByRole('img', { name: 'Comparison with the topper chart' }))
    .first()
    .waitFor();
}

/** The offline results and their Analysis: one bar date per exam of the chosen subject. */
async function offlineResults(page: Page, heading: RegExp) {
  await page.getByRole('tab', { name: 'Offline', exact: true }).click();
  await page.getByRole('heading', { level: 3, name: heading }).waitFor();
  const exams = page.getByRole('article', { name: /^Offline exam of / });
  expect(await exams.count()).toBe(4);
  // Marks say what they are out of, and each subject rank whose it is (§3's fields).
  const present = exams.filter({ hasText: 'Attendance: P' }).first();
  expect(await present.getByText(/^Marks: /).innerText()).toMatch(/^Marks: \d+ out of 125$/);
  expect(await present.getByText(/^Rank: /).innerText()).toMatch(
    /^Rank: Mathematics\s\d+, Science\s\d+, English\s\d+$/,
  );
  // P in green, anything else (the missed quiz) in red.
  const colour = async (text: string) =>
    page
      .getByTestId('attendance')
      .filter({ hasText: text })
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  const rgb = (value: string) => value.match(/\d+/g)!.map(Number);
  const [pr, pg] = rgb(await colour('Attendance: P'));
  const [ar, ag] = rgb(await colour('Attendance: A'));
  expect(pg!).toBeGreaterThan(pr!);
  expect(ar!).toBeGreaterThan(ag!);

  await page.getByRole('tab', { name: 'Analysis' }).click();
  await page.getByText('Student Performance Report (Subject Wise Exam distribution)').waitFor();
  const maths = page.getByRole('img', { name: 'Obtained Marks in Mathematics by exam date' });
  await bars(maths).first().waitFor();
  // Mathematics was in all four past exams, Science in three; every date is labelled, and the missed quiz says so.
  expect(await xLabels(maths).count()).toBe(4);
  expect(await xNotes(maths).allTextContents()).toEqual(['Absent']);
  // The subjects are chips (a finger's target): tapped by their label.
  await page.getByRole('tabpanel', { name: 'Analysis' }).getByText('Science', { exact: true }).click();
  expect(await page.getByRole('radio', { name: 'Science' }).isChecked()).toBe(true);
  const science = page.getByRole('img', { name: 'Obtained Marks in Science by exam date' });
  await bars(science).first().waitFor();
  expect(await xLabels(science).count()).toBe(3);

  await page.getByRole('tab', { name: 'Upcoming' }).click();
  // The view changes with the address: wait for it before counting.
  const upcoming = page.getByRole('tabpanel', { name: 'Upcoming' }).getByRole('article', { name: /^Offline exam of / });
  await upcoming.first().waitFor();
  expect(await upcoming.count()).toBe(2);
}

/** Bookmarked Questions: the list, and the first released bookmark's detail under its breadcrumb. */
async function openBookmark(page: Page) {
  await page.getByRole('button', { name: 'Bookmarked Questions' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bookmarked Questions' }).waitFor();
  const view = page.getByRole('button', { name: /^View question \d+$/ }).and(page.locator(':enabled'));
  await view.first().click();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await crumbs.getByText('View Questions').waitFor();
  await page.getByText(/^Correct answer: /).waitFor();
  await page.getByText(/^Your answer: /).waitFor();
  // The demo's questions carry a solution: the detail shows it once the key may be shown.
  expect(await page.getByText(/^Solution: .{10,}/).count()).toBe(1);
  expect(await page.getByText(/^[a-d]\. /).count()).toBeGreaterThanOrEqual(2);
  await crumbs.getByRole('button', { name: 'Bookmarked Questions' }).click();
  await page.getByRole('heading', { level: 1, name: 'Bookmarked Questions' }).waitFor();
}

describe('exam reports in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('a student reads a result in every tab, the offline results and Analysis, and removes a bookmark', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.goto(harness.url('/my-account/report'));
    await page.getByRole('heading', { level: 1, name: 'Exam Reports' }).waitFor();

    const result = await openResult(page, 'Term Mock Test', 'Term Mock Test: last month');
    // The student's own written answer, as the bookmark view shows it.
    await page
      .getByRole('table', { name: 'Question-wise' })
      .getByRole('row', { name: /^6 / })
      .getByText('Chlorophyll reflects green light.', { exact: true })
      .waitFor();
    await openScoreCard(page, 'Term Mock Test: last month', result);
    await compareWithTopper(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();

    // A school: grouped by section, topic and description hidden.
    await offlineResults(page, /^Section: /);
    expect(await page.getByText(/^Topic: /).count()).toBe(0);

    await openBookmark(page);
    const removes = page.getByRole('button', { name: /^Remove bookmark \d+$/ });
    const before = await removes.count();
    expect(before).toBeGreaterThanOrEqual(2);
    const first = removes.first();
    const name = (await first.getAttribute('aria-label'))!;
    // Cancel keeps it.
    await first.click();
    const dialog = page.getByRole('dialog', { name: 'Remove bookmark' });
    await dialog.getByText('Are sure you want to remove bookmark?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await removes.count()).toBe(before);
    // Confirm removes it, and the list is read again without it.
    await first.click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Bookmark removed successfully').waitFor();
    await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
    expect(await removes.count()).toBe(before - 1);
    // Still gone after a reload (which stays on the bookmarks, kept in the address): the server removed it.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Bookmarked Questions' }).waitFor();
    await removes.first().waitFor();
    expect(await removes.count()).toBe(before - 1);
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the label and the opened result in the address: reload, the browser’s Back and a shared link', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.goto(harness.url('/my-account/report'));
    const labels = page.getByRole('navigation', { name: 'Test labels' });
    await labels.getByRole('button', { name: 'Term Mock Test', exact: true }).click();
    const card = page.getByRole('article', { name: 'Term Mock Test: last month' });
    await card.getByRole('button', { name: 'View' }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Term Mock Test: last month' });
    await heading.waitFor();
    // A reload opens the same result.
    await page.reload();
    await page.getByRole('group', { name: 'Rank', exact: true }).waitFor();
    const shared = page.url();
    // The browser's Back returns to Exam Reports at the same label, and Forward to the result.
    await page.goBack();
    await card.waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-account/report');
    await page.reload();
    await card.waitFor();
    await page.goForward();
    await heading.waitFor();
    // The screen's own Back does the same.
    await page.getByRole('button', { name: 'Back' }).click();
    await card.waitFor();
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/my-account/report');
    // A shared link opens the result; its Back stays on Exam Reports, at the label.
    await page.goto(shared);
    await heading.waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await card.waitFor();
    await page.context().close();
  });

  it('a parent reads the child’s result, the offline results and Analysis, and a bookmark’s detail', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9100000002', { host: apex });
    await page.goto(harness.url('/my-account/report', apex));
    await page.getByRole('heading', { level: 1, name: 'Exam Reports' }).waitFor();

    const result = await openResult(page, 'JEE Mock', 'JEE Mock: last month');
    await openScoreCard(page, 'JEE Mock: last month', result);
    await compareWithTopper(page);
    await page.getByRole('button', { name: 'Back' }).click();

    // A coaching institute: grouped by batch, with topic and description.
    await offlineResults(page, /^Batch: /);
    await page.getByRole('tab', { name: 'Results' }).click();
    const results = page.getByRole('tabpanel', { name: 'Results' });
    await results
      .getByText(/^Topic: /)
      .first()
      .waitFor();
    expect(await results.getByText(/^Topic: /).count()).toBe(4);
    expect(await results.getByText(/^Description: /).count()).toBe(4);

    await openBookmark(page);
    // Parents only read.
    expect(await page.getByRole('button', { name: /^Remove bookmark / }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
