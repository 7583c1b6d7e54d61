/**
 * Today's date on the reader's clock, `YYYY-MM-DD`. Without a date library: the route's loader asks for it, and the
 * loader is part of the initial script.
 */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
