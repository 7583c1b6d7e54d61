/** Greeting by time of day: before 12 morning, before 17 afternoon, then evening. */
export function greetingFor(now: Date): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  const hour = now.getHours();
  if (hour < 12) return 'Good Morning';
  if (hour < 17) return 'Good Afternoon';
  return 'Good Evening';
}

/** DD-MM-YYYY of a local date (spec part 2 §9). */
export function formatDayMonthYear(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/**
 * A session lasts the calendar day of login (spec part 1 §1): it is over when the stored login date
 * (DD-MM-YYYY, local) is not today's.
 */
export function isSessionDayOver(loginDate: string | null | undefined, now: Date): boolean {
  return !loginDate || loginDate !== formatDayMonthYear(now);
}
