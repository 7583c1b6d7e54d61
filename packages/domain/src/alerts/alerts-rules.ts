// Alerts to parents and students (issue 31): what is due, what is overdue, when an alert may go out (quiet hours),
// when a digest is sent, and what an alert says. Pure: every rule takes `now` and the institute's time zone.
import { assignmentDetailPath } from '../assignments/index.ts';
import { addDays, dateInZone, formatInZone, instantInZone, timeInZone, type IsoDate } from '../calendar/index.ts';
import { feesPages, formatMoney, isOverdue } from '../fees/index.ts';
import { homePages } from '../home/index.ts';
import { livePages } from '../live/index.ts';
import { reportPages } from '../report/index.ts';
import { timetablePages } from '../timetable/index.ts';

/** What an alert is about; each kind is produced once per event and person. */
export const alertKinds = [
  'absence',
  'fee-due',
  'fee-overdue',
  'homework-new',
  'homework-due',
  'result-online',
  'result-offline',
  'live-soon',
  'notice',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Where an alert goes: the app's bell, a text through the SMS outbox, an email, a Web Push to the installed app. */
export const alertChannels = ['app', 'sms', 'email', 'push'] as const;
export type AlertChannel = (typeof alertChannels)[number];

/**
 * The defaults before an account changes anything: in the app and by push, every kind; by SMS only an absence and
 * an overdue fee (texts cost the institute money and the parent attention); email only in a digest, which is off.
 * Live classes starting soon are for students: a parent opts in.
 */
export function defaultChannelOn(kind: AlertKind, channel: AlertChannel, role: 'student' | 'parent'): boolean {
  if (kind === 'live-soon' && role === 'parent') return false;
  if (channel === 'app' || channel === 'push') return true;
  if (channel === 'sms') return kind === 'absence' || kind === 'fee-overdue';
  return false;
}

/** Quiet hours as local `HH:MM` times; a start after the end spans midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

/** 21:00 to 07:00 in the institute's zone. */
export const defaultQuietHours: QuietHours = { start: '21:00', end: '07:00' };

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `time` is a local time `HH:MM` (00:00 to 23:59). */
export const isLocalTime = (time: string) => timePattern.test(time);

/** The local `HH:MM` of `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string): string {
  // The calendar's formatter, built once per zone: planning a batch of alerts asks for thousands.
  return timeInZone(now, timeZone);
}

/** Whether the local time `time` falls in the quiet hours (the start included, the end not; equal times: never). */
export function inQuietHours(time: string, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end ? time >= quiet.start && time < quiet.end : time >= quiet.start || time < quiet.end;
}

/**
 * When an alert produced at `now` may go out on `channel`: the bell shows it at once; an urgent alert goes at once;
 * any other waits out the quiet hours, to their end in the institute's zone.
 */
export function deliverAt(
  now: Date,
  timeZone: string,
  { channel, quiet, urgent }: { channel: AlertChannel; quiet: QuietHours; urgent: boolean },
): Date {
  if (channel === 'app' || urgent || !inQuietHours(localTime(now, timeZone), quiet)) return now;
  const today = dateInZone(now, timeZone);
  const endToday = instantInZone(today, quiet.end, timeZone);
  return endToday > now ? endToday : instantInZone(addDays(today, 1), quiet.end, timeZone);
}

/** The next time the daily digest at local `time` is due: today's, if it is still ahead (or now), else tomorrow's. */
export function nextDigestAt(now: Date, timeZone: string, time: string): Date {
  const today = dateInZone(now, timeZone);
  const todays = instantInZone(today, time, timeZone);
  return todays >= now ? todays : instantInZone(addDays(today, 1), time, timeZone);
}

/** Days before its due date an installment's reminder goes out. */
export const feeDueReminderDays = 3;

/**
 * The fee alert an installment with something left to pay calls for today: `fee-due` on the day it is due in three
 * days, `fee-overdue` once it is overdue (the spec's rule: more than a day past the due date in the institute's
 * zone); none otherwise. Each is produced once per installment and person, whichever day the worker first sees it.
 */
export function feeAlertOn(dueDate: IsoDate, now: Date, timeZone: string): 'fee-due' | 'fee-overdue' | undefined {
  if (isOverdue(dueDate, now, timeZone)) return 'fee-overdue';
  const today = dateInZone(now, timeZone);
  return today >= addDays(dueDate, -feeDueReminderDays) && today <= dueDate ? 'fee-due' : undefined;
}

/** Minutes before a live class starts that its students hear of it. */
export const liveSoonMinutes = 15;

/** Whether a live class starting at `startsAt` is starting soon at `now` (within the next 15 minutes). */
export function isLiveSoon(startsAt: Date, now: Date): boolean {
  const ahead = startsAt.getTime() - now.getTime();
  return ahead > 0 && ahead <= liveSoonMinutes * 60_000;
}

/** A list read as a sentence: `a`, `a and b`, `a, b and c`. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What an alert says: a title for the bell and a push, and one sentence. */
export interface AlertText {
  title: string;
  body: string;
}

/**
 * An absence: one alert per child per day, naming the classes missed (in the order they were held) and the day, so
 * an alert read the next morning does not say "today".
 */
export function absenceText(childName: string, classes: readonly string[], date: IsoDate): AlertText {
  const named = classes.filter(Boolean);
  const on = date ? ` on ${dayMonthYear(date)}` : '';
  return {
    title: `${childName} was absent${on}`,
    body: named.length
      ? `${childName} was marked absent in ${listInWords(named)}${on}.`
      : `${childName} was marked absent${on}.`,
  };
}

/** A calendar date as the spec shows it: `DD-MM-YYYY` ('' for none). */
export function dayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}-${month}-${year}` : '';
}

/** A fee reminder or an overdue fee, with the amount left in the spec's money format. */
export function feeText(kind: 'fee-due' | 'fee-overdue', childName: string, dueDate: IsoDate, left: number): AlertText {
  const due = dayMonthYear(dueDate);
  return kind === 'fee-due'
    ? { title: 'Fee due soon', body: `${formatMoney(left)} of ${childName}’s fees is due on ${due}.` }
    : { title: 'Fee overdue', body: `${formatMoney(left)} of ${childName}’s fees was due on ${due} and is overdue.` };
}

/**
 * How long an assignment or a notice counts as new after it was set or announced: what the worker has not seen by
 * then (it was down, or the row was loaded back-dated) is old news, and an old one never alerts.
 */
export const newForHours = 24;

/** Whether something set or announced at `at` is new at `now`: within the last 24 hours (not ahead of `now`). */
export function isNewForAlert(at: Date, now: Date): boolean {
  const age = now.getTime() - at.getTime();
  return age >= 0 && age < newForHours * 3_600_000;
}

/** Whether an assignment due at `dueAt` is due tomorrow at `now`, by calendar days of the institute's zone. */
export function isDueTomorrow(dueAt: Date, now: Date, timeZone: string): boolean {
  return dateInZone(dueAt, timeZone) === addDays(dateInZone(now, timeZone), 1);
}

/**
 * How many days after an online test ends (or an offline exam is held) its released result still alerts: the
 * release itself has no time stored, and a result released for an old test is not news.
 */
export const resultRecentDays = 30;

/** Homework set for the child's section: its subject, title and due date (the detail screen shows all three). */
export function homeworkNewText(childName: string, subject: string, title: string, dueDate: string): AlertText {
  return {
    title: 'New homework',
    body: `${childName} has new ${subject} homework: ${title}, due on ${dayMonthYear(dueDate)}.`,
  };
}

/** Homework due tomorrow that the child has not submitted. */
export function homeworkDueText(childName: string, subject: string, title: string, dueDate: string): AlertText {
  return {
    title: 'Homework due tomorrow',
    body: `${childName} has not yet submitted ${subject} homework ${title}, due on ${dayMonthYear(dueDate)}.`,
  };
}

/** An online test's result released to the child: the test's name only (the report screen shows the marks). */
export function resultOnlineText(childName: string, testName: string): AlertText {
  return { title: 'Test result released', body: `${childName}’s result in ${testName} is out.` };
}

/** Offline (classroom) marks published: the exam's day and topic (the report screen shows the marks). */
export function resultOfflineText(childName: string, examDate: string, topic: string): AlertText {
  const exam = topic ? `${topic} exam of ${dayMonthYear(examDate)}` : `exam of ${dayMonthYear(examDate)}`;
  return { title: 'Exam marks published', body: `${childName}’s marks in the ${exam} are out.` };
}

/** A live class starting soon, at its start time in the institute's zone. */
export function liveSoonText(childName: string, className: string, startsAt: Date, timeZone: string): AlertText {
  const { time } = formatInZone(startsAt, timeZone);
  return { title: 'Live class soon', body: `${childName}’s live class ${className} starts at ${time}.` };
}

/** A new notice for the child's section (or for everyone): its title. */
export function noticeText(childName: string, noticeTitle: string): AlertText {
  return { title: 'New notice', body: `A notice for ${childName}: ${noticeTitle}` };
}

/**
 * What the bell shows of an alert: its text, drawn from the data its production stored, and the screen it opens
 * (the web app selects the child from the alert's student).
 */
export function describeAlert(kind: AlertKind, data: Record<string, unknown>): AlertText & { path: string } {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  const id = typeof data.id === 'number' ? data.id : 0;
  const child = text('child');
  switch (kind) {
    case 'absence': {
      const classes = Array.isArray(data.classes) ? data.classes.map(String) : [];
      // The timetable opens on the day of the absence (its address keeps the date).
      return {
        ...absenceText(child, classes, text('date') as IsoDate),
        path: `${timetablePages.timetable}?date=${encodeURIComponent(text('date'))}`,
      };
    }
    case 'fee-due':
    case 'fee-overdue': {
      const left = typeof data.left === 'number' ? data.left : 0;
      return { ...feeText(kind, child, text('dueDate'), left), path: feesPages.fees };
    }
    case 'homework-new':
    case 'homework-due': {
      const words = kind === 'homework-new' ? homeworkNewText : homeworkDueText;
      return { ...words(child, text('subject'), text('title'), text('dueDate')), path: assignmentDetailPath(id) };
    }
    case 'result-online':
      // The report view of one test is a state within the Exam Reports screen (spec part 2 §2.4), not an address.
      return { ...resultOnlineText(child, text('test')), path: reportPages.report };
    case 'result-offline':
      return { ...resultOfflineText(child, text('examDate'), text('topic')), path: reportPages.report };
    case 'live-soon': {
      const startsAt = new Date(text('startsAt'));
      const zone = text('timeZone') || 'UTC';
      return {
        ...(Number.isNaN(startsAt.getTime())
          ? { title: 'Live class soon', body: `${child}’s live class ${text('name')} starts soon.` }
          : liveSoonText(child, text('name'), startsAt, zone)),
        path: livePages.live,
      };
    }
    case 'notice':
      return { ...noticeText(child, text('title')), path: homePages.announcement };
    default:
      // A kind this build does not know (a row written by a newer worker): its stored words, if any.
      return { title: text('title'), body: text('body'), path: homePages.dashboard };
  }
}
