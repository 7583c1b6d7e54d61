import type { z } from 'zod';
import { stripTags } from '../shared/text.ts';
import type { ShellArea } from '../shell/index.ts';
import type { Announcement, bannerSchema, bannersAnswerSchema } from './home.contract.ts';

/** One banner of the home carousel. */
export type Banner = z.infer<typeof bannerSchema>;
/** `result` of the banner fetch: up to 5 banners and the promotional pop-up, if any. */
export type BannersResult = z.infer<typeof bannersAnswerSchema>['result'];

/** Announcements the home screen shows before 'View All' (spec part 1 §9). */
export const announcementsOnHome = 3;

/** The home clocks refresh this often (spec part 1 §9). */
export const clockTickMs = 1000;

/**
 * Motivational lines of the home screen, one per weekday, Sunday first (the spec leaves the wording open).
 */
export const motivationalLines = [
  'Rest and recharge today: a fresh mind learns faster tomorrow.',
  'A new week, a fresh start. Small steps taken every day add up to big results.',
  'Every question you ask today is an answer you will own tomorrow.',
  'Halfway through the week: keep going, your effort is building something great.',
  'Mistakes are proof that you are trying. Learn from them and move forward.',
  'Finish the week strong: revise what you learnt and be proud of how far you have come.',
  'Explore something new today; curiosity is the best teacher you will ever have.',
] as const;

/** The motivational line of the weekday of `now` (local time). */
export const motivationFor = (now: Date): string => motivationalLines[now.getDay()]!;

/**
 * Heading of the announcements (spec part 1 §2): NOTICE BOARD / Notice Board for schools, ANNOUNCEMENT /
 * Announcement otherwise; the upper-case form on home, the title-case form on the full list.
 */
export function announcementHeading(isSchool: boolean, on: 'home' | 'list'): string {
  const heading = isSchool ? 'Notice Board' : 'Announcement';
  return on === 'home' ? heading.toUpperCase() : heading;
}

/** Angles in degrees, clockwise from 12, of the analog clock's hands at `now` (local time). */
export function clockHandAngles(now: Date): { hour: number; minute: number; second: number } {
  const seconds = now.getSeconds();
  const minutes = now.getMinutes() + seconds / 60;
  const hours = (now.getHours() % 12) + minutes / 60;
  return { hour: hours * 30, minute: minutes * 6, second: seconds * 6 };
}

/** The digital clock's reading of `now` (local time): 12-hour `hh:mm:ss AM`. */
export function formatClockTime(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const hour = now.getHours() % 12 || 12;
  return `${pad(hour)}:${pad(now.getMinutes())}:${pad(now.getSeconds())} ${now.getHours() < 12 ? 'AM' : 'PM'}`;
}

/**
 * The app route a banner lands on (its `land_scr`, in any case): the page of the menu item whose area declares that
 * name (`bannerName`), or undefined for an unknown label.
 */
export function landingRoute(areas: readonly ShellArea[], label: string): string | undefined {
  const name = label.trim().toUpperCase();
  return areas.find((area) => area.menu?.bannerName === name)?.menu?.path;
}

/** Most banners the home carousel uses. */
export const maxBanners = 5;

/** Announcement search (spec part 1 §5): title, description, updated_by, announced date or 12-hour update time. */
export function matchesAnnouncement(announcement: Announcement, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const updateTime = announcement.updated_date.split(' ').slice(1).join(' ');
  return [
    announcement.ancmnt_title,
    stripTags(announcement.description),
    announcement.updated_by,
    announcement.announced_date,
    updateTime,
  ].some((field) => field.toLowerCase().includes(needle));
}
