import { addDays, type IsoDate } from '../calendar/calendar.ts';

/** Event types (spec part 2 §3): 1 holiday or event, 2 event with its category shown, 3 weekly off. */
export const eventTypes = { holidayOrEvent: 1, categorized: 2, weeklyOff: 3 } as const;

/** Holiday types (spec part 2 §9), the category tag of an event of type 2. */
export const holidayTypeLabels: Readonly<Record<number, string>> = {
  1: 'Academic',
  2: 'Sports',
  3: 'Cultural',
  4: 'Miscellaneous',
};

/** Event type colours (spec part 2 §9): 1 green, 2 orange; weekly offs (3) have none named. */
export const eventTypeColours: Readonly<Record<number, string>> = { 1: 'green', 2: 'orange' };

/** The user type of students, the one audience a student's 'My Event' view looks for. */
export const studentUserType = 1;

/** Event titles are cut to this many characters plus '...' (spec part 2 §5). */
export const eventTitleLimit = 30;

/** The category label of a holiday type, or '' for an unknown one. */
export function holidayTypeLabel(holidayType: number | null): string {
  return holidayType === null ? '' : (holidayTypeLabels[holidayType] ?? '');
}

/** The colour an event type is drawn in, or '' where the spec names none (weekly offs). */
export function eventTypeColour(eventType: number): string {
  return eventTypeColours[eventType] ?? '';
}

/** An audience entry as shown: user type 1 Student, 3 Teacher, anything else Custom User (spec part 2 §9). */
export function audienceLabel(userType: number): string {
  if (userType === 1) return 'Student';
  if (userType === 3) return 'Teacher';
  return 'Custom User';
}

/** An event title cut to 30 characters plus '...' when longer; the full title is kept for the hover. */
export function truncateEventTitle(title: string): string {
  return title.length > eventTitleLimit ? `${title.slice(0, eventTitleLimit)}...` : title;
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Day of week of an ISO date: 0 Sunday … 6 Saturday (calendar arithmetic, no time zone involved). */
export function dayOfWeek(date: IsoDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * A date as the event answer writes it, `Day,YYYY-MM-DD` (spec §3 `event_start_Date`); the spec does not say
 * how the day is named, so it is the full English weekday name: `Monday,2026-11-23`. The web shows the part
 * after the comma.
 */
export function eventDateLabel(date: IsoDate): string {
  return `${weekdayNames[dayOfWeek(date)]},${date}`;
}

/** `event_date_range`: the start and end labels separated by one space (weekday names hold no space). */
export function eventDateRange(startDate: IsoDate, endDate: IsoDate): string {
  return `${eventDateLabel(startDate)} ${eventDateLabel(endDate)}`;
}

/** A stored time `HH:MM[:SS]` as the answer writes it, `hh:mm AM` (12-hour, like the other areas' times). */
export function formatEventTime(time: string | null): string | null {
  if (time === null) return null;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const period = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hour12).padStart(2, '0')}:${String(minutes).padStart(2, '0')} ${period}`;
}

/** The first and last date of a month (`month` 1–12). */
export function monthRange(year: number, month: number): { from: IsoDate; to: IsoDate } {
  const from = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  // Day 0 of the next month is the last day of this one.
  return { from, to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) };
}

/** The first and last date of a year. */
export function yearRange(year: number): { from: IsoDate; to: IsoDate } {
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
const earlier = (a: IsoDate, b: IsoDate) => (a < b ? a : b);

/** Every date from `from` to `to`, both included (none when `from` is after `to`). */
function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * The days within `from`–`to` an event is listed on. "Multi-day events are copied onto each later day of their
 * range (the first day is not copied)": the event sits on its first day and a copy on every later day of its range,
 * so it appears once on each day from its start to its end, clipped to the window asked for.
 */
export function eventDays(event: { startDate: IsoDate; endDate: IsoDate }, from: IsoDate, to: IsoDate): IsoDate[] {
  return datesBetween(later(event.startDate, from), earlier(event.endDate, to));
}

/**
 * The days a weekly off falls on within `from`–`to` and within its own start and end dates: each date whose
 * weekday (0 Sunday … 6 Saturday) is one of `daysOfWeek`.
 */
export function weeklyOffDays(
  event: { startDate: IsoDate; endDate: IsoDate; daysOfWeek: readonly number[] },
  from: IsoDate,
  to: IsoDate,
): IsoDate[] {
  if (event.daysOfWeek.length === 0) return [];
  return eventDays(event, from, to).filter((date) => event.daysOfWeek.includes(dayOfWeek(date)));
}

/** The days an event of any type is listed on within `from`–`to`. */
export function listedDays(
  event: { eventType: number; startDate: IsoDate; endDate: IsoDate; daysOfWeek: readonly number[] },
  from: IsoDate,
  to: IsoDate,
): IsoDate[] {
  return event.eventType === eventTypes.weeklyOff ? weeklyOffDays(event, from, to) : eventDays(event, from, to);
}

/**
 * 'My Event': the event is the student's when it names no standard or names one of the student's standards this
 * year, and its audience is empty (everyone) or includes students (user type 1).
 */
export function isMyEvent(
  event: { standardIds: readonly number[]; userTypes: readonly number[] },
  studentStandardIds: readonly number[],
): boolean {
  const forStandard = event.standardIds.length === 0 || event.standardIds.some((id) => studentStandardIds.includes(id));
  const forStudents = event.userTypes.length === 0 || event.userTypes.includes(studentUserType);
  return forStandard && forStudents;
}

/**
 * Spreads events over the days they are listed on within `from`–`to`: a map of ISO date to that day's items in the
 * order the events came, only days with at least one event, dates ascending.
 */
export function groupByDay<E extends Parameters<typeof listedDays>[0], T>(
  events: readonly E[],
  from: IsoDate,
  to: IsoDate,
  toItem: (event: E) => T,
): Record<IsoDate, T[]> {
  const byDay = new Map<IsoDate, T[]>();
  for (const event of events) {
    const days = listedDays(event, from, to);
    if (days.length === 0) continue;
    const item = toItem(event);
    for (const day of days) {
      const list = byDay.get(day);
      if (list) list.push(item);
      else byDay.set(day, [item]);
    }
  }
  return Object.fromEntries([...byDay].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
