import { addDays, monthNames, weekdayNames, weekdayOf, type IsoDate } from '../calendar/index.ts';
import { eventTypes } from '../events/index.ts';

/** The institute setup values of classes and exams (spec part 2 §9). */
export type DeliveryMode = 'ONLINE' | 'OFFLINE' | 'HYBRID_BLENDED';

/** What a schedule is (spec part 2 §3 `class_type`): a classroom class, an online live class, or an exam. */
export const classTypes = ['Class', 'Online Class', 'Online Exam', 'Offline Exam'] as const;
/** One of the four class types. */
export type ClassType = (typeof classTypes)[number];

/** 'Y' or 'N', as the timetable request carries its flags. */
export type YesNo = 'Y' | 'N';

/** The timetable request's inclusion flags (spec part 2 §7), derived from the institute setup. */
export interface TimetableFlags {
  isCourseStructureTimeTable: YesNo;
  isExamIncludedInTimeTable: YesNo;
  is_included_online_class: YesNo;
  is_included_online_exam: YesNo;
}

const yn = (value: boolean): YesNo => (value ? 'Y' : 'N');
const hasOnline = (mode: DeliveryMode) => mode === 'ONLINE' || mode === 'HYBRID_BLENDED';
const hasOffline = (mode: DeliveryMode) => mode === 'OFFLINE' || mode === 'HYBRID_BLENDED';

/**
 * The flags the timetable sends for an institute setup: online classes when classes are ONLINE or HYBRID_BLENDED,
 * offline exams when exams are OFFLINE or HYBRID_BLENDED, online exams when exams are ONLINE or HYBRID_BLENDED.
 * Classroom classes are always part of a timetable (isCourseStructureTimeTable names the course-structure flag).
 */
export function timetableFlags(setup: { classes: DeliveryMode; exam: DeliveryMode }, courseStructure = false) {
  return {
    isCourseStructureTimeTable: yn(courseStructure),
    isExamIncludedInTimeTable: yn(hasOffline(setup.exam)),
    is_included_online_class: yn(hasOnline(setup.classes)),
    is_included_online_exam: yn(hasOnline(setup.exam)),
  } satisfies TimetableFlags;
}

/**
 * The class types a timetable lists: classroom classes always, each other kind when its flag says Y and the
 * institute's own setup offers it (a request cannot ask for a kind the institute does not run).
 */
export function includedClassTypes(
  flags: Omit<TimetableFlags, 'isCourseStructureTimeTable'>,
  setup: { classes: DeliveryMode; exam: DeliveryMode },
): ClassType[] {
  const allowed = timetableFlags(setup);
  const both = (key: keyof typeof flags) => flags[key] === 'Y' && allowed[key] === 'Y';
  const types: ClassType[] = ['Class'];
  if (both('is_included_online_class')) types.push('Online Class');
  if (both('is_included_online_exam')) types.push('Online Exam');
  if (both('isExamIncludedInTimeTable')) types.push('Offline Exam');
  return types;
}

/** The most cells the month grid holds: 6 weeks of 7 days (spec part 2 §9). */
export const monthGridCells = 42;

/**
 * The month view's grid (spec part 2 §2.2): weeks from Sunday, each cell a date of the month or null before the
 * first and after the last day; 42 cells at most, with trailing weeks that hold no date of the month dropped.
 */
export function monthGrid(year: number, month: number): (IsoDate | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = first.getUTCDay();
  const start = first.toISOString().slice(0, 10);
  const cells: (IsoDate | null)[] = Array.from({ length: monthGridCells }, (_, index) => {
    const day = index - lead;
    return day >= 0 && day < daysInMonth ? addDays(start, day) : null;
  });
  const weeks: (IsoDate | null)[][] = [];
  for (let index = 0; index < monthGridCells; index += 7) weeks.push(cells.slice(index, index + 7));
  while (weeks.length > 0 && weeks.at(-1)!.every((cell) => cell === null)) weeks.pop();
  return weeks;
}

/** A day cell's count label: '1 Schedule', 'N Schedules'; nothing for an empty day. */
export function scheduleCountLabel(count: number): string {
  if (count <= 0) return '';
  return `${count} ${count === 1 ? 'Schedule' : 'Schedules'}`;
}

/** The year view's tiles: 12 months (1–12) in 3 rows of 4 (spec part 2 §2.2, §9). */
export function yearTiles(): { month: number; name: string }[][] {
  return [0, 1, 2].map((row) =>
    [1, 2, 3, 4].map((column) => {
      const month = row * 4 + column;
      return { month, name: monthNames[month - 1]! };
    }),
  );
}

/** `YYYY-MM-DD` as the screens show dates: `DD-MM-YYYY`. */
export function displayDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** The side panel's date banner: weekday and DD-MM-YYYY ('Monday', '23-11-2026'). */
export function dateBanner(date: IsoDate): { weekday: string; date: string } {
  return { weekday: weekdayNames[weekdayOf(date)]!, date: displayDate(date) };
}

/**
 * The side panel's groups (spec part 2 §2.2): the schedules of the chosen dates, one group per date that has any,
 * dates ascending, each under its banner.
 */
export function groupSchedulesByDate<T>(
  byDate: Readonly<Record<IsoDate, readonly T[]>>,
  dates?: readonly IsoDate[],
): { date: IsoDate; banner: { weekday: string; date: string }; items: readonly T[] }[] {
  const keys = (dates ?? Object.keys(byDate)).filter((date) => (byDate[date]?.length ?? 0) > 0);
  return [...new Set(keys)].sort().map((date) => ({ date, banner: dateBanner(date), items: byDate[date]! }));
}

/**
 * A duration as shown (spec part 2 §9): minutes up to 60 ('45 mins', '60 mins'), hours and minutes above
 * ('1 hr 30 mins', '2 hrs'); '1 min' and '1 hr' in the singular.
 */
export function durationLabel(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const mins = (n: number) => `${n} ${n === 1 ? 'min' : 'mins'}`;
  if (whole <= 60) return mins(whole);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const hrs = `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
  return rest === 0 ? hrs : `${hrs} ${mins(rest)}`;
}

/** Minutes between two instants (class duration is computed from start and end, spec part 1 §9). */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}

/** Cuts `text` to `limit` characters plus '...' when it is longer (spec part 2 §5 truncation limits). */
export function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** Truncation limits of the schedule card (spec part 2 §5). */
export const cardLimits = { startTime: 15, subject: 45, course: 45, topic: 45, teacher: 45, description: 90 } as const;

/** What an online class's Join button does now (spec part 2 §4): greyed before start, Join while running, View after. */
export type OnlineClassAction = 'notStarted' | 'join' | 'view';

/** The online class's action at `now`, timed from its start and end. */
export function onlineClassAction(start: Date, end: Date, now: Date): OnlineClassAction {
  if (now.getTime() < start.getTime()) return 'notStarted';
  if (now.getTime() < end.getTime()) return 'join';
  return 'view';
}

/** An online exam's status (spec part 2 §4): Upcoming, Ongoing, Expired; Start only when Ongoing. */
export function onlineExamStatus(start: Date, end: Date, now: Date): 'Upcoming' | 'Ongoing' | 'Expired' {
  if (now.getTime() < start.getTime()) return 'Upcoming';
  if (now.getTime() < end.getTime()) return 'Ongoing';
  return 'Expired';
}

/** Months as `YYYY-MM`, from the academic year's first to its last. */
function monthsBetween(startDate: IsoDate, endDate: IsoDate): string[] {
  const months: string[] = [];
  let [year, month] = startDate.split('-').map(Number) as [number, number];
  const last = endDate.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/**
 * The month view's default month (spec part 2 §4): the current month if today lies in the academic year, else the
 * academic year's first month. Answered as { year, month }.
 */
export function defaultMonth(today: IsoDate, academicYear: { startDate: IsoDate; endDate: IsoDate }) {
  const inYear = today >= academicYear.startDate && today <= academicYear.endDate;
  const [year, month] = (inYear ? today : academicYear.startDate).split('-').map(Number) as [number, number];
  return { year, month };
}

/** Whether the month arrows may move from `year`-`month` by `step` (±1) within the academic year. */
export function canMoveMonth(
  current: { year: number; month: number },
  step: 1 | -1,
  academicYear: { startDate: IsoDate; endDate: IsoDate },
): boolean {
  const months = monthsBetween(academicYear.startDate, academicYear.endDate);
  const key = `${current.year}-${String(current.month).padStart(2, '0')}`;
  const index = months.indexOf(key);
  return index !== -1 && index + step >= 0 && index + step < months.length;
}

/** The month `step` months away. */
export function shiftMonth(current: { year: number; month: number }, step: number) {
  const zeroBased = current.year * 12 + current.month - 1 + step;
  return { year: Math.floor(zeroBased / 12), month: (zeroBased % 12) + 1 };
}

/** Whether the year arrows may move to `year + step`: between the academic year's start and end years. */
export function canMoveYear(year: number, step: 1 | -1, academicYear: { startDate: IsoDate; endDate: IsoDate }) {
  const target = year + step;
  return target >= Number(academicYear.startDate.slice(0, 4)) && target <= Number(academicYear.endDate.slice(0, 4));
}

/**
 * Whether an event of the holiday call marks its day a holiday on the timetable (spec part 2 §2.2, §3): holidays
 * (event type 1, 'holiday or event' without a category) and weekly offs (type 3). An event with a category (type
 * 2: a parent-teacher meeting, an exhibition) happens on a school day and marks nothing (issue 27, item 9).
 */
export function isHolidayEvent(event: { event_type: number }): boolean {
  return event.event_type === eventTypes.holidayOrEvent || event.event_type === eventTypes.weeklyOff;
}

/**
 * The timetable's holiday markers from the holiday call's answer (a map of date to that day's events): each date
 * with at least one holiday, mapped to the holidays' titles (shown when the day is chosen).
 */
export function holidaysByDate(
  eventsByDate: Readonly<Record<IsoDate, readonly { event_type: number; title_name: string }[]>>,
): Record<IsoDate, string[]> {
  const holidays: Record<IsoDate, string[]> = {};
  for (const [date, events] of Object.entries(eventsByDate)) {
    const titles = events.filter(isHolidayEvent).map((event) => event.title_name);
    if (titles.length > 0) holidays[date] = titles;
  }
  return holidays;
}

/** The month view's place: the month shown and the chosen day (null when none is chosen). */
export interface MonthPlace {
  month: { year: number; month: number };
  day: IsoDate | null;
}

/** The month view's place as the address keeps it: the chosen day `YYYY-MM-DD`, or the month `YYYY-MM`. */
export const placeParam = (place: MonthPlace) =>
  place.day ?? `${place.month.year}-${String(place.month.month).padStart(2, '0')}`;

/**
 * The month view's place the address names (`YYYY-MM-DD` a chosen day, `YYYY-MM` a month with none chosen), when it
 * lies in the academic year. Otherwise (no address, a stale or hand-made one) the default month of §4 with today
 * chosen when today is in it: an address cannot take the view outside the year its arrows are bounded to.
 */
export function placeFromParam(
  raw: string | null,
  today: IsoDate,
  academicYear: { startDate: IsoDate; endDate: IsoDate },
): MonthPlace {
  const match = /^(\d{4})-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/.exec(raw ?? '');
  if (match && raw) {
    const month = { year: Number(match[1]), month: Number(match[2]) };
    const day = match[3] ? raw : null;
    const isRealDay = day === null || addDays(day, 0) === day;
    const inYear = day
      ? day >= academicYear.startDate && day <= academicYear.endDate
      : raw >= academicYear.startDate.slice(0, 7) && raw <= academicYear.endDate.slice(0, 7);
    if (isRealDay && inYear) return { month, day };
  }
  const month = defaultMonth(today, academicYear);
  const isTodayShown = today.slice(0, 7) === `${month.year}-${String(month.month).padStart(2, '0')}`;
  return { month, day: isTodayShown ? today : null };
}

/** Attendance `status` P is present (green); anything else is absent (red) (spec part 2 §3, §5). */
export const isPresent = (status: string) => status === 'P';

/** The popup's 'Class Attended' figure: present rows over all rows, as `present/total`. */
export function classAttended(rows: readonly { status: string }[]): string {
  return `${rows.filter((row) => isPresent(row.status)).length}/${rows.length}`;
}

/** A student's attendance in percent with no decimals (0 when nothing is marked). */
export function attendancePercent(present: number, total: number): number {
  return total === 0 ? 0 : Math.round((present / total) * 100);
}

/** Rows the Attendance Details popup shows at first and adds on each 'Show more'. */
export const attendancePageSize = 20;

/**
 * Attendance rows newest first (by date, then start time), as a student looks for the last classes first; the call
 * answers them oldest first (issue 27, item 10). Dates come as DD-MM-YYYY (or YYYY-MM-DD), times as the clock reads
 * them ('09:00 AM').
 */
export function attendanceNewestFirst<T extends { date: string; start_time: string }>(rows: readonly T[]): T[] {
  const key = (row: T) => `${isoOf(row.date)} ${minutesOfDay(row.start_time).toString().padStart(4, '0')}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}

/** DD-MM-YYYY as YYYY-MM-DD, so that dates sort as text; other forms as they are. */
const isoOf = (date: string) => date.replace(/^(\d{2})-(\d{2})-(\d{4})$/, '$3-$2-$1');

/** Minutes since midnight of a clock time '09:00 AM', '01:30 PM' or '13:30' (unreadable: 0). */
function minutesOfDay(time: string): number {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)?$/i.exec(time.trim());
  if (!match) return 0;
  let hours = Number(match[1]) % (match[3] ? 12 : 24);
  if (match[3]?.toUpperCase() === 'PM') hours += 12;
  return hours * 60 + Number(match[2]);
}

/** Messages of the timetable screens (spec part 2 §2.2, §8), verbatim. */
export const timetableMessages = {
  noScheduleOnDate: 'Schedule not Found On Selected Date',
  chooseMonth: "Choose Month to view Live class, Exam's, classes",
  noAttendance: 'NO ATTENDANCE MARKED FOR THIS CLASS!',
  noRecordings: 'Recording List Not Available',
  classNotStarted: 'Class not started yet',
  parentsNotAllowed: 'Parents are not allowed to join',
  assignCourse: 'Please assign course!',
  classAttended: 'Class Attended',
  attendanceDetails: 'Attendance Details',
  /** Beyond the spec: the popup shows the newest rows first, a page at a time (issue 27). */
  showMore: 'Show more',
} as const;
