/**
 * The calendar date of `instant` on this device's clock, `YYYY-MM-DD`: the day a screen calls today and files a
 * class under. The server cuts the days a screen asks for in the same zone (the X-Time-Zone header). No date
 * library: route loaders, which are part of the initial script, ask for it.
 */
export function localDate(instant: Date = new Date()): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${two(instant.getMonth() + 1)}-${two(instant.getDate())}`;
}
