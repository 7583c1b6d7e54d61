// The calendar: dates, zones, weekday and month names, shared by every area that shows a day.
export * from './calendar.ts';
