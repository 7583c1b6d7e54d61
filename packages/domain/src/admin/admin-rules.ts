// Rules of the admin API and the CSV import that do not touch the database: the forms a value may take in a row
// (dates as DD-MM-YYYY or ISO, yes/no flags, lists, one-line text), and how a bad row is named in an error.
import { describeLineBreakingCharacter, findLineBreakingCharacter } from '../shared/text.ts';

/** Largest batch one admin call takes; a CSV import sends its rows in batches of this size. */
export const maxBatchRows = 5000;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const indianDate = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/**
 * A calendar date as `YYYY-MM-DD`, from ISO (`2026-06-01`) or the day-first form offices and Excel in India write
 * (`01-06-2026`, `1/6/2026`, `01.06.2026`); undefined for anything else or a day that does not exist.
 */
export function parseDate(value: string): string | undefined {
  const text = value.trim();
  const iso = isoDate.exec(text);
  const dmy = iso ? undefined : indianDate.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : undefined;
  if (!parts) return undefined;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dateTime = /^(.+?)[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An instant from a date and a local time of the institute (`01-06-2026 09:30`, `2026-06-01T09:30`), a full ISO
 * instant with its offset (`2026-06-01T04:00:00Z`), or a date alone (midnight); `offsetMinutes` is the institute's
 * offset from UTC on that day. Undefined when the text is none of these.
 */
export function parseInstant(value: string, offsetMinutes: number): Date | undefined {
  const text = value.trim();
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(text) && text.includes('T')) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  const withTime = dateTime.exec(text);
  const day = parseDate(withTime ? withTime[1]! : text);
  if (!day) return undefined;
  const [hours, minutes, seconds] = withTime ? [withTime[2], withTime[3], withTime[4] ?? '0'].map(Number) : [0, 0, 0];
  if (hours! > 23 || minutes! > 59 || seconds! > 59) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date, hours, minutes, seconds) - offsetMinutes * 60_000);
}

const yes = new Set(['true', 'yes', 'y', '1']);
const no = new Set(['false', 'no', 'n', '0']);

/** A yes/no cell: true/false, yes/no, y/n, 1/0 in any case; undefined for anything else. */
export function parseFlag(value: string): boolean | undefined {
  const text = value.trim().toLowerCase();
  return yes.has(text) ? true : no.has(text) ? false : undefined;
}

/** A list cell: values separated by `|` (a comma is the file's own separator in most CSV dialects). */
export const splitList = (value: string): string[] =>
  value
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/**
 * Why the text of a single-line field (a name, a payment mode, a title, a code) is refused: it holds a line break,
 * a tab, another control character or a text-direction character, any of which would let it print as a line of
 * its own (a receipt's "Amount Paid") or in another order than it is stored. Undefined when it is one plain line.
 */
export function singleLineProblem(value: string): string | undefined {
  const found = findLineBreakingCharacter(value);
  if (found === undefined) return undefined;
  return `must be on one line: no line breaks, tabs, control or text-direction characters (found ${describeLineBreakingCharacter(found)})`;
}

/** One reason a row was refused: its index in the batch (0-based), the field and the rule it broke. */
export interface RowProblem {
  row: number;
  field: string;
  rule: string;
}

/** `row 3, start_date: must be a date …` for each problem, the first `limit` of them, then how many more. */
export function describeRowProblems(problems: readonly RowProblem[], limit = 20): string {
  const shown = problems.slice(0, limit).map((problem) => `row ${problem.row}, ${problem.field}: ${problem.rule}`);
  const more = problems.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
