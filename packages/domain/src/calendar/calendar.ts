/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** Weekday names, Sunday first: the index is JavaScript's day of the week. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Month names, January first. */
export const monthNames = [
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
] as const;

/** Day of week of an ISO date: 0 Sunday … 6 Saturday (calendar arithmetic, no time zone involved). */
export function weekdayOf(date: IsoDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, zone and options: building one costs far more than using it. */
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const datesOfMinutes = new Map<string, IsoDate>();

/** The calendar date of `now` in `timeZone` (IANA name), as `YYYY-MM-DD`. */
export function dateInZone(now: Date, timeZone: string): IsoDate {
  // Lists ask for the dates of the same few instants again and again; each minute of each zone is formatted once.
  const key = `${timeZone}|${Math.floor(now.getTime() / 60_000)}`;
  const known = datesOfMinutes.get(key);
  if (known) return known;
  // en-CA formats dates year first, which is ISO order.
  const date = formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  if (datesOfMinutes.size >= 10_000) datesOfMinutes.clear();
  datesOfMinutes.set(key, date);
  return date;
}

const knownZones = new Map<string, boolean>();

/** Whether `name` is an IANA time zone this runtime knows (a caller's header is checked before a day is cut in it). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= 1_000) knownZones.clear();
    knownZones.set(name, known);
  }
  return known;
}

/** The local 24-hour `HH:MM` of `instant` in `timeZone`. */
export function timeInZone(instant: Date, timeZone: string): string {
  return formatter('en-GB', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/** Adds whole days to an ISO date (calendar arithmetic, no time zone involved). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The Indian academic year (April to March) that holds `date`, `offset` years away:
 * 0 the current one, -1 the previous one. Names read like `2026-27`.
 */
export function academicYearOf(date: IsoDate, offset = 0): { name: string; startDate: IsoDate; endDate: IsoDate } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const startYear = (month >= 4 ? year : year - 1) + offset;
  return {
    name: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    startDate: `${startYear}-04-01`,
    endDate: `${startYear + 1}-03-31`,
  };
}

/** The instant the calendar day of `now` ends in `timeZone`: the next local midnight. */
export function endOfDayInZone(now: Date, timeZone: string): Date {
  const next = addDays(dateInZone(now, timeZone), 1);
  // Local midnight = UTC midnight minus the zone's offset at that moment (offset found by formatting).
  const guess = new Date(`${next}T00:00:00Z`);
  const offsetMinutes = zoneOffsetMinutes(guess, timeZone);
  const candidate = new Date(guess.getTime() - offsetMinutes * 60_000);
  // Re-check once: the offset can differ across a DST change between the guess and the candidate.
  const corrected = zoneOffsetMinutes(candidate, timeZone);
  return corrected === offsetMinutes ? candidate : new Date(guess.getTime() - corrected * 60_000);
}

/** The instant a local date and time (`HH:MM`) of `timeZone` names: 09:00 on 2026-11-23 in Kolkata is 03:30Z. */
export function instantInZone(date: IsoDate, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  const offsetMinutes = zoneOffsetMinutes(guess, timeZone);
  const candidate = new Date(guess.getTime() - offsetMinutes * 60_000);
  const corrected = zoneOffsetMinutes(candidate, timeZone);
  return corrected === offsetMinutes ? candidate : new Date(guess.getTime() - corrected * 60_000);
}

/** Minutes the zone is ahead of UTC at `instant` (+330 for Asia/Kolkata). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatter('en-US', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const formattedMinutes = new Map<string, Readonly<{ date: string; time: string }>>();

/** An instant as the institute reads it: `DD-MM-YYYY` and the 12-hour `hh:mm AM` time in `timeZone`. */
export function formatInZone(instant: Date, timeZone: string): Readonly<{ date: string; time: string }> {
  // Lists format the same few instants again and again; Intl's formatToParts is the costly part, so each minute
  // of each zone is formatted once (the output has minute resolution).
  const key = `${timeZone}|${Math.floor(instant.getTime() / 60_000)}`;
  const known = formattedMinutes.get(key);
  if (known) return known;
  const parts = formatter('en-GB', timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // h12 (1–12), not en-GB's default h11 (0–11): midnight reads 12:30 AM.
    hourCycle: 'h12',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const formatted = Object.freeze({
    date: `${get('day')}-${get('month')}-${get('year')}`,
    time: `${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`,
  });
  if (formattedMinutes.size >= 10_000) formattedMinutes.clear();
  formattedMinutes.set(key, formatted);
  return formatted;
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
