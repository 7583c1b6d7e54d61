// "Today" on home (issue 31): what a student, or a parent for each child, has on the day. Pure: every rule takes
// `now` and the institute's time zone, so the day, the week and what is new are the institute's, not the browser's.
import { addDays, dateInZone, instantInZone, type IsoDate } from '../calendar/index.ts';

/** The kinds of line Today shows, in the order it shows them. */
export const todayKinds = ['class', 'homework', 'test', 'fee', 'notice', 'result'] as const;
export type TodayKind = (typeof todayKinds)[number];

/** Headings of each kind's group. */
export const todayHeadings: Record<TodayKind, string> = {
  class: 'Classes today',
  homework: 'Homework due',
  test: 'Tests open now',
  fee: 'Fees due this week',
  notice: 'New notices',
  result: 'New results',
};

/**
 * "New" for notices and results: the last 7 days up to `now`. A week is what a parent who opens the portal on
 * Sundays still sees, and short enough that Today does not turn into the notice board.
 */
export const newForDays = 7;

/** Days Today looks ahead for fees: today and the six days after it (a rolling week, so Sunday still sees Monday). */
export const feeWeekDays = 7;

/** The windows Today reads, as instants and institute dates. */
export interface TodayWindows {
  /** The institute's date of `now`. */
  today: IsoDate;
  /** Today's classes: sessions starting in [dayFrom, dayTo). */
  dayFrom: Date;
  dayTo: Date;
  /** Homework due today or tomorrow: due in [dayFrom, homeworkTo). */
  homeworkTo: Date;
  /** Fees due from today to `feeTo`, both included. */
  feeTo: IsoDate;
  /** Notices and online results since this instant are new. */
  newSince: Date;
  /** Offline exams (dated, not timed) on or after this date are new. */
  newSinceDate: IsoDate;
}

/** The windows of the institute's day of `now`. */
export function todayWindows(now: Date, timeZone: string): TodayWindows {
  const today = dateInZone(now, timeZone);
  return {
    today,
    dayFrom: instantInZone(today, '00:00', timeZone),
    dayTo: instantInZone(addDays(today, 1), '00:00', timeZone),
    homeworkTo: instantInZone(addDays(today, 2), '00:00', timeZone),
    feeTo: addDays(today, feeWeekDays - 1),
    newSince: new Date(now.getTime() - newForDays * 86_400_000),
    newSinceDate: addDays(today, -(newForDays - 1)),
  };
}

/** Whether an instant is new at `now`: in the last 7 days, not in the future (a notice dated ahead is not out yet). */
export function isNewOnToday(at: Date, now: Date): boolean {
  const age = now.getTime() - at.getTime();
  return age >= 0 && age < newForDays * 86_400_000;
}

/**
 * Whether Today lists a test open now (the query keeps tests whose window holds `now`): one still to take (no attempt submitted) or one running (resumed from the
 * exam screen). A test already taken is done for the day, even where the institute allows another try.
 */
export function isTestToTake(submitted: number, running: number): boolean {
  return running > 0 || submitted === 0;
}

/** Homework is due on Today until it is submitted (a draft still counts as not handed in). */
export const isHomeworkPending = (submissionStatus: string | null) => submissionStatus !== 'Submitted';

/**
 * What Today says of a class's attendance: the mark when there is one (P present, A absent; any other code, such
 * as L, as the institute wrote it, since the spec does not name it), "Upcoming" before the class starts, "Not
 * marked" after.
 */
export function attendanceWord(status: string | null, startsAt: Date, now: Date): string {
  if (status === 'P') return 'Present';
  if (status) return status === 'A' ? 'Absent' : `Marked ${status}`;
  return startsAt.getTime() > now.getTime() ? 'Upcoming' : 'Not marked';
}

/** When homework is due, said against today: "Due today 05:00 PM" or "Due tomorrow 09:00 AM". */
export function dueWord(dueDate: IsoDate, dueTime: string, today: IsoDate): string {
  if (dueDate === today) return `Due today ${dueTime}`;
  if (dueDate === addDays(today, 1)) return `Due tomorrow ${dueTime}`;
  const [year, month, day] = dueDate.split('-');
  return `Due ${day}-${month}-${year} ${dueTime}`;
}

/** When a fee installment is due, said against today: "Due today", "Due tomorrow", "Due on DD-MM-YYYY". */
export function feeDueWord(dueDate: IsoDate, today: IsoDate): string {
  if (dueDate === today) return 'Due today';
  if (dueDate === addDays(today, 1)) return 'Due tomorrow';
  const [year, month, day] = dueDate.split('-');
  return `Due on ${day}-${month}-${year}`;
}
