/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/** The calendar date of `now` in `timeZone` (IANA name), as `YYYY-MM-DD`. */
export function dateInZone(now: Date, timeZone: string): IsoDate {
  // en-CA formats dates year first, which is ISO order.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
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
