import {
  displayProfileValue,
  firstDobYear,
  maxPhotoBytes,
  parseIsoDate,
  shownAddressLength,
  sniffImageType,
} from './profile-rules.ts';

/** Labels that differ between schools and coaching institutes (spec part 1 §1). */
export interface ProfileLabels {
  standard: string;
  section: string;
  parent: string;
  /** Schools number their students; coaching institutes have no roll number to show. */
  rollNo: string | undefined;
}

/** Standard/Section/Roll No/Father for schools; Course Name/Batch Name/Parent for coaching (spec part 1 §1). */
export function profileLabels(isSchool: boolean): ProfileLabels {
  return isSchool
    ? { standard: 'Standard', section: 'Section', parent: 'Father', rollNo: 'Roll No' }
    : { standard: 'Course Name', section: 'Batch Name', parent: 'Parent', rollNo: undefined };
}

/** An address as the profile shows it: '-' when empty, else its first 100 characters (spec part 1 §9). */
export function displayAddress(address: string | null | undefined): string {
  return displayProfileValue(address).slice(0, shownAddressLength);
}

/** A date such as the join date as DD-MM-YYYY when it comes as `YYYY-MM-DD`; other text as it is, blanks as '-'. */
export function displayDate(value: string | null | undefined): string {
  const parts = value ? parseIsoDate(value.slice(0, 10)) : undefined;
  if (!parts) return displayProfileValue(value);
  return `${String(parts.day).padStart(2, '0')}-${String(parts.month).padStart(2, '0')}-${parts.year}`;
}

/** Years of the date-of-birth choice: 1970 up to the year of `today` (`YYYY-MM-DD`), oldest first. */
export function dobYears(today: string): number[] {
  const thisYear = Number(today.slice(0, 4));
  return Array.from({ length: Math.max(0, thisYear - firstDobYear + 1) }, (_, index) => firstDobYear + index);
}

/** Day, month (1–12) and year as `YYYY-MM-DD`. */
export const toIsoDate = (day: number, month: number, year: number): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Messages of a photo refused before it is sent. */
export const photoMessages = {
  notImage: 'Please choose a JPEG, PNG, GIF or WebP image.',
  tooLarge: 'The photo must be 2 MB or smaller.',
} as const;

/**
 * Checks a chosen photo before it is sent: an image by its first bytes (not its name) and at most 2 MB.
 * Answers the message to show, or undefined when it may be sent.
 */
export function checkPhoto(firstBytes: Uint8Array, size: number): string | undefined {
  if (!sniffImageType(firstBytes)) return photoMessages.notImage;
  if (size > maxPhotoBytes) return photoMessages.tooLarge;
  return undefined;
}
