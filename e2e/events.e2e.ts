import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, menuLabels, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The month the demo calendar is seeded in (its events sit in the month of the institute's today, Asia/Kolkata, and
 * the next) and the one after it, as `{ year, month }` with `month` 1–12.
 */
function seededMonths(now: Date) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { current: { year, month }, next };
}

const title = ({ year, month }: { year: number; month: number }) => `${monthNames[month - 1]} ${year}`;
const pad = (value: number) => String(value).padStart(2, '0');
/** The day cell of day `day` of a month: its name starts with the weekday and DD-MM-YYYY. */
const dayCell = (page: Page, { year, month }: { year: number; month: number }, day: number) =>
  page.getByRole('button', { name: new RegExp(`^\\w+day ${pad(day)}-${pad(month)}-${year}, \\d+ events?$`) });

/** Goes to the month titled `name`, a step at a time from the one the calendar opened on (at most two steps). */
async function showMonth(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 2 });
  for (let step = 0; step < 3 && (await heading.innerText()) !== name; step++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

/** The value beside `label` in the open detail popup. */
const field = (detail: Locator, label: string) =>
  detail.getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::td').innerText();

async function openEvent(page: Page, cell: Locator, eventTitle: RegExp) {
  await cell.click();
  const day = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: eventTitle }) });
  await day.getByRole('button', { name: eventTitle }).click();
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Back' }) });
  await detail.waitFor();
  return detail;
}

async function closePopup(page: Page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('[role="dialog"]') === null);
}

describe('Event calendar in Chromium (spec part 2 §2.6)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('a student moves between months, opens a day and an event, and switches My Event and all events', async () => {
    const { current, next } = seededMonths(harness.now());
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Event Calender' }).click();
    await page.waitForURL('**/my-account/eventCalender');
    await page.getByRole('heading', { level: 1, name: 'Event Calender' }).waitFor();
    // Today's month, with the Today button: the demo's current academic year holds today.
    const now = harness.now();
    await page
      .getByRole('heading', { level: 2, name: title({ year: now.getFullYear(), month: now.getMonth() + 1 }) })
      .waitFor();
    await page.getByRole('button', { name: 'Today' }).waitFor();
    expect(await page.locator('[aria-current="date"]').count()).toBe(1);
    await showMonth(page, title(current));

    // The parent-teacher meeting, for Aarav's standard: every field of the detail popup.
    const meeting = await openEvent(page, dayCell(page, current, 12), /Parent-teacher meeting/);
    await meeting.getByText('Academic', { exact: true }).waitFor();
    expect(await field(meeting, 'Date')).toBe(`12-${pad(current.month)}-${current.year}`);
    expect(await field(meeting, 'Time')).toBe('10:00 AM - 01:00 PM');
    expect(await field(meeting, 'Standard')).toBe('Class 6');
    expect(await field(meeting, 'Audience')).toBe('Student, Custom User');
    expect(await field(meeting, 'Description')).toBe('Meet the class teacher about the term report.');
    expect(await meeting.getByText('All Day', { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Back to the day's list, then closed.
    await meeting.getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Parent-teacher meeting/ })
      .waitFor();
    await closePopup(page);

    // A day with more events than its cell shows: two and a count; the popup lists them all.
    const busyDay = dayCell(page, current, 18);
    await busyDay.getByText(/^\+\d more$/).waitFor();
    const exhibition = await openEvent(page, busyDay, /Science exhibition/);
    expect(await field(exhibition, 'Time')).toBe('09:00 AM');
    await exhibition.getByText('Miscellaneous', { exact: true }).waitFor();
    await exhibition.getByRole('button', { name: 'Back' }).click();
    const busyList = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /Science exhibition/ }) });
    await busyList.getByRole('button', { name: /Library week begins/ }).waitFor();
    await busyList.getByRole('button', { name: /Inter-house football final/ }).waitFor();
    await closePopup(page);

    // My Event leaves out the teachers' workshop; all events show it.
    expect(await dayCell(page, current, 20).innerText()).not.toContain('Staff development workshop');
    await page.getByText('All Events', { exact: true }).click();
    await dayCell(page, current, 20).getByText('Staff development workshop').waitFor();
    await page.getByText('My Event', { exact: true }).click();
    await page.waitForFunction(
      (name) =>
        ![...document.querySelectorAll('button')].some(
          (button) =>
            button.getAttribute('aria-label')?.includes(name) && button.textContent?.includes('Staff development'),
        ),
      `20-${pad(current.month)}-${current.year}`,
    );

    // The next month: the mid-term break goes on into it (a copy on each later day), the Annual Day is on the 10th.
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('heading', { level: 2, name: title(next) }).waitFor();
    for (const day of [1, 2, 3])
      await dayCell(page, next, day).getByText('Mid-term break for all student...').waitFor();
    const annualDay = await openEvent(page, dayCell(page, next, 10), /Annual Day/);
    await annualDay.getByText('Cultural', { exact: true }).waitFor();
    await annualDay.getByText('All Day', { exact: true }).waitFor();
    expect(await field(annualDay, 'Standard')).toBe('-');
    expect(await field(annualDay, 'Description')).toBe('Dance, drama and the prize distribution.');
    expect(await annualDay.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/^\/api\/v1\/files\//);
    await closePopup(page);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('heading', { level: 2, name: title(current) }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a parent sees the child’s calendar: a holiday, a multi-day break cut at 30 characters, weekly offs', async () => {
    const { current } = seededMonths(harness.now());
    const page = await harness.newPage();
    await signIn(harness, page, '9000000002');
    await page.getByRole('dialog', { name: 'Select Profile' }).getByText('Aarav Sharma').click();
    await page.waitForURL('**/my-account/dashboard');
    await page.goto(harness.url('/my-account/eventCalender'));
    await page.getByRole('heading', { level: 1, name: 'Event Calender' }).waitFor();
    await showMonth(page, title(current));

    const holiday = await openEvent(page, dayCell(page, current, 5), /Founders Day holiday/);
    await holiday.getByText('All Day', { exact: true }).waitFor();
    expect(await field(holiday, 'Standard')).toBe('-');
    expect(await field(holiday, 'Audience')).toBe('-');
    expect(await field(holiday, 'Description')).toBe('School remains closed.');
    // A type 1 event carries no category tag.
    expect(await holiday.getByText(/^(Academic|Sports|Cultural|Miscellaneous)$/).count()).toBe(0);
    await closePopup(page);

    // The break begins three days before the month ends: its first day holds it, with the full title on hover.
    const lastDay = new Date(Date.UTC(current.year, current.month, 0)).getUTCDate();
    const breakDetail = await openEvent(page, dayCell(page, current, lastDay - 2), /Mid-term break/);
    const shortTitle = breakDetail.getByTitle('Mid-term break for all students and staff');
    expect(await shortTitle.innerText()).toBe('Mid-term break for all student...');
    expect(await field(breakDetail, 'Date')).toMatch(/^\d{2}-\d{2}-\d{4} to 03-\d{2}-\d{4}$/);
    await closePopup(page);

    // Sunday weekly offs on every Sunday of the month, drawn grey: at this phone width a bar of colour in the cell,
    // and named whole, once, in the month's list under the grid.
    const sundays = page.getByRole('table').getByRole('button', { name: /^Sunday / });
    expect(await sundays.count()).toBeGreaterThanOrEqual(4);
    for (const sunday of await sundays.all()) {
      const off = sunday.locator('[data-event-type="3"]').first();
      expect(await off.getAttribute('style')).toContain('--mantine-color-gray-6');
    }
    const list = page.getByRole('region', { name: `Events in ${title(current)}` });
    expect(await list.getByRole('button', { name: /^Sunday weekly off / }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('is not for a coaching institute: no menu item, and the address leads to the dashboard', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, 'student@apex.test', { host: 'apex.localhost' });
    expect(await menuLabels(page)).not.toContain('Event Calender');
    await page.goto(harness.url('/my-account/eventCalender', 'apex.localhost'));
    await page.waitForURL('**/my-account/dashboard');
    expect(await page.getByRole('heading', { name: 'Event Calender' }).count()).toBe(0);
    await page.context().close();
  });
});
