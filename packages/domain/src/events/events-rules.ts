import { openCourseUserType } from '../auth/index.ts';
import { addDays, monthNames, monthRange, weekdayNames, weekdayOf, type IsoDate } from '../calendar/index.ts';

/** Event types (spec part 2 §3): 1 holiday or event, 2 event with its category shown, 3 weekly off. */
export const eventTypes = { holidayOrEvent: 1, categorized: 2, weeklyOff: 3 } as const;

/** Holiday types (spec part 2 §9), the category tag of an event of type 2. */
export const holidayTypeLabels: Readonly<Record<number, string>> = {
  1: 'Academic',
  2: 'Sports',
  3: 'Cultural',
  4: 'Miscellaneous',
};

/**
 * Event type colours (spec part 2 §9): 1 green, 2 orange; the spec names none for weekly offs (3), which are drawn
 * grey, as days without school.
 */
export const eventTypeColours: Readonly<Record<number, string>> = { 1: 'green', 2: 'orange', 3: 'gray' };

/** The user type of students, the one audience a student's 'My Event' view looks for. */
export const studentUserType = 1;

/** Event titles are cut to this many characters plus '...' (spec part 2 §5). */
export const eventTitleLimit = 30;

/** The category label of a holiday type, or '' for an unknown one. */
export function holidayTypeLabel(holidayType: number | null): string {
  return holidayType === null ? '' : (holidayTypeLabels[holidayType] ?? '');
}

/** The colour an event type is drawn in (a Mantine colour name), or '' for an unknown type. */
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

/**
 * A date as the event answer writes it, `Day,YYYY-MM-DD` (spec §3 `event_start_Date`); the spec does not say
 * how the day is named, so it is the full English weekday name: `Monday,2026-11-23`. The web shows the part
 * after the comma.
 */
export function eventDateLabel(date: IsoDate): string {
  return `${weekdayNames[weekdayOf(date)]},${date}`;
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
  return eventDays(event, from, to).filter((date) => event.daysOfWeek.includes(weekdayOf(date)));
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

/** The institutes and users the event calendar is for (spec part 2 §2.6, §6): schools, not open-course users. */
export function hasEventCalendar(session: { is_institute_type_school: boolean; user_type: number }): boolean {
  return session.is_institute_type_school && session.user_type !== openCourseUserType;
}

/** A month of the calendar: `month` 1–12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** One cell of the month grid: its date and whether it belongs to the month shown. */
export interface MonthCell {
  date: IsoDate;
  inMonth: boolean;
}

/** Weekday headings of the month grid, Sunday first. */
export const weekdayHeadings = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The month grid: whole weeks, Sunday first, from the week of the 1st to the week of the last day (4 to 6 weeks,
 * at most the 42 cells of §9); days of the neighbouring months fill the first and last week.
 */
export function monthGrid({ year, month }: CalendarMonth): MonthCell[][] {
  const { from, to } = monthRange(year, month);
  const first = addDays(from, -weekdayOf(from));
  const last = addDays(to, 6 - weekdayOf(to));
  const weeks: MonthCell[][] = [];
  for (let date = first; date <= last; date = addDays(date, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, index) => {
        const day = addDays(date, index);
        return { date: day, inMonth: day >= from && day <= to };
      }),
    );
  }
  return weeks;
}

/** The month `offset` months away (-1 the previous, 1 the next). */
export function shiftMonth({ year, month }: CalendarMonth, offset: number): CalendarMonth {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The grid's header: month name and year, `November 2026`. Written out rather than through a date library: the
 * route's loader reads these rules, and they stay out of the initial script.
 */
export function monthTitle({ year, month }: CalendarMonth): string {
  return `${monthNames[month - 1]} ${year}`;
}

/** The month a date falls in. */
export function monthOf(date: IsoDate): CalendarMonth {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return { year, month };
}

/** An academic year's first and last day (`YYYY-MM-DD`). */
export interface AcademicYearSpan {
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * Whether the selected academic year is the current one, i.e. holds `today`: the Today button shows only then
 * (spec part 2 §2.6). A year whose dates are unknown counts as current.
 */
export function isCurrentAcademicYear(today: IsoDate, year: AcademicYearSpan | null): boolean {
  return year === null || (today >= year.startDate && today <= year.endDate);
}

/**
 * The month the calendar opens on (spec part 2 §2.6): today's month, or the month of the academic year's start
 * when today is outside the selected academic year.
 */
export function openingMonth(today: IsoDate, year: AcademicYearSpan | null): CalendarMonth {
  return isCurrentAcademicYear(today, year) || year === null ? monthOf(today) : monthOf(year.startDate);
}

/** The ISO date in an answer's `Day,YYYY-MM-DD` label (the part after the comma). */
export function labelDate(label: string): IsoDate {
  return label.slice(label.indexOf(',') + 1).trim();
}

/** An answer's `Day,YYYY-MM-DD` label as the screen shows it: the date after the comma, DD-MM-YYYY. */
export function formatEventDate(label: string): string {
  const [year = '', month = '', day = ''] = labelDate(label).split('-');
  return `${day}-${month}-${year}`;
}

/** The detail popup's dates: the start date, and ` to ` the end date when it is another day. */
export function eventDatesText(event: { event_start_Date: string; event_end_date: string }): string {
  const start = formatEventDate(event.event_start_Date);
  const end = formatEventDate(event.event_end_date);
  return start === end ? start : `${start} to ${end}`;
}

/**
 * A day's listing of a multi-day event is a copy when the day is not the event's first (spec part 2 §2.6: copies go
 * onto each later day of its range, the first day holds the event itself).
 */
export function isEventCopy(event: { event_start_Date: string }, day: IsoDate): boolean {
  return day > labelDate(event.event_start_Date);
}

/** The 'All Day' marker of the detail popup. */
export const allDayText = 'All Day';

/** The detail popup's times: start and end (`hh:mm AM - hh:mm PM`), only when a start time exists, else null. */
export function eventTimesText(event: { event_start_time: string | null; event_end_time: string | null }) {
  if (!event.event_start_time) return null;
  return event.event_end_time ? `${event.event_start_time} - ${event.event_end_time}` : event.event_start_time;
}

/** What the popup shows for an empty field (spec part 2 §2.6). */
export const emptyField = '-';

/** The Standard line: the standard names, comma separated, or '-' when the list is empty. */
export function standardsText(standardNames: readonly string[]): string {
  return standardNames.length === 0 ? emptyField : standardNames.join(', ');
}

/**
 * The Audience line: each user type as its label (1 Student, 3 Teacher, anything else Custom User), each label
 * once, in the order first met; '-' when the list is empty (the spec is silent; empty means everyone).
 */
export function audienceText(userTypes: readonly number[]): string {
  const labels = [...new Set(userTypes.map(audienceLabel))];
  return labels.length === 0 ? emptyField : labels.join(', ');
}

/** The description, or '-' when it is empty. */
export function descriptionText(description: string): string {
  return description.trim() === '' ? emptyField : description;
}

/** The category tag of the detail popup: the holiday type's label, only for events of type 2; else null. */
export function categoryTag(event: { event_type: number; holiday_type: number | null }): string | null {
  if (event.event_type !== eventTypes.categorized) return null;
  return holidayTypeLabel(event.holiday_type) || null;
}

/** The event calendar's two modes: 'My Event' (the default) and all events. */
export const calendarModes = { mine: 'My Event', all: 'All Events' } as const;

/** A calendar error with a server message sends the user to the dashboard after this long (spec part 2 §9). */
export const calendarErrorRedirectMs = 2000;

/**
 * What the calendar does when its call fails (spec part 2 §8): 403 logs out with the server's message; another
 * error with a server message toasts it and goes to the dashboard after 2 seconds; otherwise a generic error toast.
 */
export function calendarErrorAction(
  status: number | null,
  serverMessage: unknown,
): 'logout' | 'toastAndLeave' | 'toast' {
  if (status === 403) return 'logout';
  return typeof serverMessage === 'string' && serverMessage.trim() !== '' ? 'toastAndLeave' : 'toast';
}

/**
 * The dates of the session's selected academic year: the institute's year of that id, else the login's year dates
 * when the selected year is the login's; null when neither knows it.
 */
export function selectedAcademicYear(session: {
  selectedAcadYrId: number | null;
  acad_yr_id: number | null;
  ay_start_date: string;
  ay_end_date: string;
  acad_year_list: readonly { inst_acad_year_id: number; start_date: string; end_date: string }[];
}): AcademicYearSpan | null {
  const listed = session.acad_year_list.find((year) => year.inst_acad_year_id === session.selectedAcadYrId);
  if (listed) return { startDate: listed.start_date, endDate: listed.end_date };
  if (session.selectedAcadYrId === session.acad_yr_id && session.ay_start_date && session.ay_end_date) {
    return { startDate: session.ay_start_date, endDate: session.ay_end_date };
  }
  return null;
}
