import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };
const apex = 'apex.localhost';
const liveTest = 'Weekly Online Test: weekly test (live)';

/** The save state the panel shows (its text as read out: the badge shows it in capitals). */
const saveState = (panel: Page) => panel.getByRole('status', { name: 'Save state' });

/** The attempt as the server has it, read with the panel window's own credential. */
const serverAnswers = (panel: Page) =>
  panel.evaluate(async () => {
    const credential = sessionStorage.getItem('exam-attempt-credential') ?? '';
    const response = await fetch('/examPanel/attempt', { headers: { authorization: credential } });
    const body = (await response.json()) as { answers: { question_no: number; answer: string }[] };
    return Object.fromEntries(body.answers.map((answer) => [answer.question_no, answer.answer]));
  });

describe('the exam desk and the test panel in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('a student takes a test of every question type through a dropped connection and a reload', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, 'student@apex.test', { host: apex });
    await page.goto(harness.url('/my-account/exam', apex));
    await page.getByText('Click on the Test Type to view the scheduled exams').waitFor();
    await page.getByRole('toolbar', { name: 'Test types' }).getByRole('button', { name: 'Weekly Online Test' }).click();
    const card = page.getByRole('article', { name: liveTest });
    await card.waitFor();
    // axe (WCAG 2.1 A/AA) on the desk, then on the panel in each of its states and question inputs.
    expect(await seriousA11yViolations(page)).toEqual([]);
    const opened = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Start' }).click();
    const panel = Object.assign(await opened, { errors: [] as string[] });
    panel.on('pageerror', (error) => panel.errors.push(error.message));
    await panel.getByRole('heading', { name: liveTest }).waitFor();
    // The launch token left the address as soon as it was used.
    expect(new URL(panel.url()).hash).toBe('');
    expect(await panel.getByRole('timer', { name: 'Time left' }).innerText()).toMatch(/^0:(45:00|44:5\d)$/);
    await panel.getByRole('img', { name: 'Figure for question 1' }).waitFor();
    expect(await seriousA11yViolations(panel)).toEqual([]);

    // Online: single choice.
    await panel.getByRole('radio', { name: /5 cm/ }).check();
    await expect.poll(() => saveState(panel).textContent()).toBe('Saved');

    // The connection drops while answering: multiple choice and true/false.
    await panel.context().setOffline(true);
    await panel.getByRole('button', { name: /^Question 2,/ }).click();
    await panel.getByRole('checkbox', { name: /^a\.\s*2$/ }).check();
    await panel.getByRole('checkbox', { name: /^c\.\s*11$/ }).check();
    await expect.poll(() => saveState(panel).textContent()).toBe('Offline');
    await panel.getByText('Your answers are kept on this device and sent when the connection returns.').waitFor();
    expect(await seriousA11yViolations(panel)).toEqual([]);
    await panel.getByRole('button', { name: /^Question 3,/ }).click();
    await panel.getByRole('radio', { name: /True/ }).check();
    await panel.getByRole('checkbox', { name: 'Mark for review' }).check();
    expect(await panel.getByRole('button', { name: 'Question 3, marked' }).count()).toBe(1);

    // Back online: the queued answers arrive, in order.
    await panel.context().setOffline(false);
    await expect.poll(() => saveState(panel).textContent(), { timeout: 15_000 }).toBe('Saved');
    // 'Saved' can still show the state from before a change is queued: wait for the server to hold the answers.
    await expect.poll(() => serverAnswers(panel), { timeout: 15_000 }).toMatchObject({ 1: 'a', 2: 'a,c', 3: 'a' });

    // Matching in both formats, the subjective answer, and the passage questions.
    await panel.getByRole('button', { name: /^Question 4,/ }).click();
    await panel.getByRole('combobox', { name: 'Match for a' }).selectOption('r');
    await panel.getByRole('combobox', { name: 'Match for b' }).selectOption('p');
    await panel.getByRole('combobox', { name: 'Match for c' }).selectOption('q');
    await panel.getByRole('button', { name: /^Question 5,/ }).click();
    await panel.getByRole('combobox', { name: 'Match for a' }).selectOption('q');
    expect(await seriousA11yViolations(panel)).toEqual([]);
    await panel.getByRole('button', { name: /^Question 6,/ }).click();
    await panel.getByRole('textbox', { name: 'Answer to question 6' }).fill('Chlorophyll reflects green light.');
    expect(await seriousA11yViolations(panel)).toEqual([]);
    await panel.getByRole('button', { name: /^Question 7,/ }).click();
    await panel.getByLabel('Passage').getByText('photosynthesis').waitFor();
    await panel.getByRole('radio', { name: /Leaves/ }).check();
    expect(await seriousA11yViolations(panel)).toEqual([]);
    await expect.poll(() => saveState(panel).textContent()).toBe('Saved');
    await expect
      .poll(() => serverAnswers(panel), { timeout: 15_000 })
      .toMatchObject({
        4: 'a=r|b=p|c=q',
        5: 'q,,',
        6: 'Chlorophyll reflects green light.',
        7: 'b',
      });

    // A reload resumes the attempt: the same answers, the time still counting from the start.
    const before = await panel.getByRole('timer', { name: 'Time left' }).innerText();
    await panel.reload();
    await panel.getByRole('heading', { name: liveTest }).waitFor();
    for (const number of [1, 2, 4, 5, 6, 7]) {
      expect(await panel.getByRole('button', { name: `Question ${number}, answered` }).count()).toBe(1);
    }
    expect(await panel.getByRole('button', { name: 'Question 3, marked' }).count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Question 8, not answered' }).count()).toBe(1);
    expect(await panel.getByRole('radio', { name: /5 cm/ }).isChecked()).toBe(true);
    const after = await panel.getByRole('timer', { name: 'Time left' }).innerText();
    const toSeconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    expect(toSeconds(after)).toBeLessThanOrEqual(toSeconds(before));
    expect(toSeconds(before) - toSeconds(after)).toBeLessThan(60);

    // Submit asks first, with the count of unanswered questions.
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = panel.getByRole('dialog', { name: 'Submit test' });
    await dialog.getByText('You have 1 unanswered question. Submit the test?').waitFor();
    // axe once the dialog has faded in: mid-transition its colours are still blended with the page.
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    expect(await seriousA11yViolations(panel)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await panel.getByText('Your test has been submitted.').waitFor();
    expect(await seriousA11yViolations(panel)).toEqual([]);
    expect(panel.errors).toEqual([]);

    // Submitted within its window, the test is expired (§4 rule 5) and leaves the desk: no greyed 'Attempts used up'.
    await page.reload();
    await page.getByRole('toolbar', { name: 'Test types' }).getByRole('button', { name: 'Weekly Online Test' }).click();
    await page.getByRole('article', { name: 'Weekly Online Test: missed test' }).waitFor();
    expect(await page.getByRole('article', { name: liveTest }).count()).toBe(0);
    await page.context().close();
  });

  it('a parent sees the desk but may not start a test', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9100000002', { host: apex });
    await page.goto(harness.url('/my-account/exam', apex));
    await page.getByRole('toolbar', { name: 'Test types' }).getByRole('button', { name: 'JEE Mock' }).click();
    const card = page.getByRole('article', { name: 'JEE Mock: full syllabus (live)' });
    await card.waitFor();
    // The parent's greyed Start still reads at AA contrast.
    expect(await seriousA11yViolations(page)).toEqual([]);
    let popups = 0;
    page.on('popup', () => (popups += 1));
    // Greyed (aria-disabled) but still answers a press with the reason.
    await card.getByRole('button', { name: 'Start' }).click({ force: true });
    await page.getByText('Parents are not allowed to give exam').waitFor();
    expect(popups).toBe(0);
    await page.context().close();
  });
});
