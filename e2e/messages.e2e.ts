import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePromo, signIn, signInToDashboard } from './support/flows.ts';
import { seriousA11yViolations, startHarness, type Harness } from './support/harness.ts';

const desktop = { width: 1280, height: 800 };
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const dayHeading = /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day \d{2}-\d{2}-\d{4}$/;

/** `Weekday DD-MM-YYYY` of an instant in this machine's zone, which the browser shares. */
function dayLabel(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${pad(instant.getDate())}-${pad(instant.getMonth() + 1)}-${instant.getFullYear()}`;
  return `${weekdays[instant.getDay()]} ${date}`;
}

/** The day sections of the inbox in order, each with its messages' texts and times. */
async function inboxDays(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
  const sections = page.getByRole('region', { name: dayHeading });
  await sections.first().waitFor();
  const days: { label: string; texts: string; times: string[] }[] = [];
  for (const section of await sections.all()) {
    days.push({
      label: (await section.getAttribute('aria-label')) ?? '',
      texts: await section.innerText(),
      times: await section.getByText(/^\d{2}:\d{2} (AM|PM)$/).allInnerTexts(),
    });
  }
  return days;
}

/** Each day heading's weekday is that date's, days come newest first, each day has its messages' hh:mm A times. */
function expectWellGrouped(days: Awaited<ReturnType<typeof inboxDays>>) {
  const dates: string[] = [];
  for (const { label, times } of days) {
    const [weekday, date] = label.split(' ') as [string, string];
    const [day, month, year] = date.split('-').map(Number) as [number, number, number];
    expect(weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]).toBe(weekday);
    expect(times.length).toBeGreaterThan(0);
    dates.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  expect(dates).toEqual([...dates].sort().reverse());
  expect(new Set(dates).size).toBe(dates.length);
}

/**
 * The alert texts among a day's texts (issue 31: absences and overdue fees go by SMS by default), each with the day
 * it was sent and, for an absence, the day it names. The demo's history sent each when its alert was produced (an
 * absence that day's evening), as the worker would have: none waits for a server's start to go out.
 */
function alertTexts(days: Awaited<ReturnType<typeof inboxDays>>) {
  return days.flatMap(({ label, texts }) =>
    [...texts.matchAll(/was absent on (\d{2}-\d{2}-\d{4}):|Fee overdue:/g)].map(([, absentOn]) => ({
      label,
      absentOn,
    })),
  );
}

/** Alert texts that name an absence are dated the day of the absence; answers how many texts are alerts. */
function expectAlertsSentOnTheirDay(days: Awaited<ReturnType<typeof inboxDays>>): number {
  const alerts = alertTexts(days);
  const absences = alerts.filter((alert) => alert.absentOn !== undefined);
  expect(absences.length).toBeGreaterThan(0);
  for (const { label, absentOn } of absences)
    expect(label.endsWith(` ${absentOn}`), `${absentOn} in ${label}`).toBe(true);
  return alerts.length;
}

/** The day a message was sent `hoursAgo` hours before `now` (either side of a minute of seeding). */
const sentOn = (now: Date, hoursAgo: number) =>
  [0, 10].map((minutes) => dayLabel(new Date(now.getTime() - hoursAgo * 3_600_000 - minutes * 60_000)));

describe('Messages in Chromium (spec part 2 §2.5)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  it('a student reads the texts sent to their phone, by day with weekday and DD-MM-YYYY, each at hh:mm A', async () => {
    const page = await harness.newPage(desktop);
    await signInToDashboard(harness, page, '9000000001');
    await closePromo(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Messages' }).click();
    await page.waitForURL('**/my-account/Messages');
    const days = await inboxDays(page);
    // Five texts over five days of the demo (the notices, a fee reminder, an expired temporary password), and the
    // alerts' texts.
    expect(days.length).toBeGreaterThanOrEqual(3);
    expectWellGrouped(days);
    expect(days.flatMap((day) => day.times)).toHaveLength(5 + expectAlertsSentOnTheirDay(days));
    const closed = days.find((day) => day.texts.includes('school remains closed tomorrow'));
    expect(sentOn(harness.now(), 2)).toContain(closed?.label);
    expect(days[0]).toBe(closed);
    // The expired temporary password shows masked; the parent's texts are not here.
    expect(days.some((day) => day.texts.includes('•••••••• is your temporary password'))).toBe(true);
    expect(days.some((day) => day.texts.includes('Q7M2KX9P'))).toBe(false);
    expect(days.some((day) => day.texts.includes('fees for Aarav and Diya'))).toBe(false);
    expect(await page.getByText('No Messages Yet!').count()).toBe(0);
    // Off the menu link just clicked: the active item's hover colours are the shell's (reported), not this screen's.
    await page.mouse.move(640, 780);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a parent reads the texts sent to the parent’s own phone', async () => {
    const page = await harness.newPage();
    await signIn(harness, page, '9000000002');
    await page.getByRole('dialog', { name: 'Select Profile' }).getByText('Aarav Sharma').click();
    await page.waitForURL('**/my-account/dashboard');
    await page.goto(harness.url('/my-account/Messages'));
    const days = await inboxDays(page);
    expectWellGrouped(days);
    expect(days.flatMap((day) => day.times)).toHaveLength(3 + expectAlertsSentOnTheirDay(days));
    const fees = days.find((day) => day.texts.includes('fees for Aarav and Diya are due on the 10th'));
    expect(sentOn(harness.now(), 5)).toContain(fees?.label);
    expect(days.some((day) => day.texts.includes('school remains closed tomorrow'))).toBe(false);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says No Messages Yet! to a phone nothing was sent to', async () => {
    const page = await harness.newPage();
    // Apex's parent (9100000002) has the alerts' texts of Neha's absences: a student with no attendance has none.
    await signInToDashboard(harness, page, '9000000015');
    await page.goto(harness.url('/my-account/Messages'));
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.getByText('No Messages Yet!').waitFor();
    expect(await page.getByRole('region', { name: dayHeading }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
