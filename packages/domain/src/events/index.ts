// What other areas may use of events: the event types (the timetable marks holidays) and the menu's rule.
export { eventTypes, hasEventCalendar } from './events-rules.ts';
