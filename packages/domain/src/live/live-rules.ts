import { addDays, weekdayNames, weekdayOf, type IsoDate } from '../calendar/index.ts';
import { networkError } from '../shared/http-messages.ts';
import { megabytesFigure } from '../shared/uploads.ts';

/** Session and course names are cut at 30 characters (spec part 1 §9). */
export const liveNameLimit = 30;

/** A name cut to 30 characters plus '...' when longer. */
export function cutLiveName(name: string): string {
  return name.length > liveNameLimit ? `${name.slice(0, liveNameLimit)}...` : name;
}

/** The three tabs of the live classes screen (spec part 1 §2), Today's first (the default). */
export const liveTabs = ['today', 'upcoming', 'past'] as const;
export type LiveTab = (typeof liveTabs)[number];

/** live_future_past of the list call: 1 today or upcoming, 2 past. */
export const liveFuturePast = { upcoming: 1, past: 2 } as const;

/** The live-class category of the list call (spec part 1 §9). */
export const liveCategory = 3;

/** Video hosts of recordings (spec part 1 §9). */
export const videoHosts = ['aws', 'vimeo', 'vdocipher'] as const;
export type VideoHost = (typeof videoHosts)[number];

/**
 * A live card's state at `now` (spec part 1 §2): before the start a countdown (milliseconds left), 'ongoing' once
 * the start has passed and until the end, 'ended' after it (the card then offers View when there are recordings).
 */
export type LiveState = { kind: 'countdown'; msLeft: number } | { kind: 'ongoing' } | { kind: 'ended' };

export function liveState(start: Date, end: Date, now: Date): LiveState {
  const left = start.getTime() - now.getTime();
  if (left > 0) return { kind: 'countdown', msLeft: left };
  if (now.getTime() < end.getTime()) return { kind: 'ongoing' };
  return { kind: 'ended' };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The countdown label of a card not yet started: 'Starts in 05:09' under an hour, 'Starts in 2h 05m' under a day,
 * 'Starts in 3d 4h' beyond (the spec names a countdown without its format).
 */
export function countdownLabel(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  if (days > 0) return `Starts in ${days}d ${hours}h`;
  if (hours > 0) return `Starts in ${hours}h ${two(minutes)}m`;
  return `Starts in ${two(minutes)}:${two(secs)}`;
}

/** The label of a live card's state: 'Ongoing', the countdown, or '' once ended. */
export function liveStateLabel(state: LiveState): string {
  if (state.kind === 'ongoing') return 'Ongoing';
  if (state.kind === 'countdown') return countdownLabel(state.msLeft);
  return '';
}

/**
 * Whether a session may start (spec part 1 §7 `allow_start_session`): from its scheduled start on the server's
 * clock, never before.
 */
export function mayStartSession(start: Date, now: Date): boolean {
  return now.getTime() >= start.getTime();
}

/**
 * The day label of a group (spec part 1 §2): 'Today' for the current date on the Today's and Upcoming tabs,
 * otherwise the day name.
 */
export function liveDayLabel(date: IsoDate, today: IsoDate, tab: LiveTab): string {
  if (tab !== 'past' && date === today) return 'Today';
  return weekdayNames[weekdayOf(date)]!;
}

/**
 * Groups classes by date (each class's date in the viewer's calendar): one group per date, in the order the
 * classes came (the list is sorted by start; past lists newest first), each with its day label.
 */
export function groupLiveClasses<T>(
  classes: readonly T[],
  dateOf: (item: T) => IsoDate,
  today: IsoDate,
  tab: LiveTab,
): { date: IsoDate; label: string; items: T[] }[] {
  const groups = new Map<IsoDate, T[]>();
  for (const item of classes) {
    const date = dateOf(item);
    const list = groups.get(date);
    if (list) list.push(item);
    else groups.set(date, [item]);
  }
  return [...groups].map(([date, items]) => ({ date, label: liveDayLabel(date, today, tab), items }));
}

/** Which tab a today-or-upcoming class belongs to: its date is today, or later. */
export const isTodayClass = (date: IsoDate, today: IsoDate) => date === today;

/** Home lists the live classes of the next 7 days (spec part 1 §2): today through today + 6. */
export function isWithinNextWeek(date: IsoDate, today: IsoDate): boolean {
  return date >= today && date <= addDays(today, 6);
}

/** The past tab's default range: from the first of the month to today (spec part 1 §4). */
export function defaultPastRange(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Messages of the live classes screen (spec part 1 §2, §5, §8), verbatim (the double space too). */
export const liveMessages = {
  startAfterToday: 'Start Date Should Be Less Then Or Equal To  Current Date .',
  notStarted: 'Grab a cup of Coffee. Class is not yet started.',
  startOnlyAfterSchedule: 'You cannot start the class as the classes can only be started after the scheduled time.',
  parentsNotAllowed: 'Parents are not allowed to join.',
  networkError,
  noClasses: 'No Classes Available',
  noDownloadLink: 'No Download Link Found',
  cannotDownload: 'Not able to downlode video file. please contact institute admin.',
  viewRecording: 'View Recording',
} as const;

/** The past tab's date check: the start may not be after today. Answers the message, or null when fine. */
export function checkPastRange(from: IsoDate, today: IsoDate): string | null {
  return from > today ? liveMessages.startAfterToday : null;
}

/** 'N past classes found'. */
export const pastCountLine = (count: number) => `${count} past classes found`;

/**
 * The search of the live classes (spec part 1 §5): case-insensitive over end time, course names, teacher names and
 * session name.
 */
export function matchesLiveSearch(
  item: { endTime: string; courseNames: readonly string[]; teacherNames: string; sessionName: string },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [item.endTime, ...item.courseNames, item.teacherNames, item.sessionName].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/**
 * A recording's size in megabytes with 2 decimals, under the "Size (MB)" heading (spec part 1 §9). A recording kept
 * by Vimeo or VdoCipher has no file here (0 bytes): its size is unknown, not "0.00", and reads empty; a small file
 * reads "< 0.01", as attachments and documents do (defect 9).
 */
export const sizeInMb = (bytes: number) => (bytes <= 0 ? '' : megabytesFigure(bytes));
