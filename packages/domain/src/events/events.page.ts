import type { ShellArea } from '../shell/index.ts';
import { hasEventCalendar } from './events-rules.ts';

/** The event calendar (spec part 2 §2.6), spelt as the spec spells it. */
export const eventsPages = { eventCalender: '/eventCalender' } as const;

/** Event Calender: schools only, not to open-course users. */
export const shellArea: ShellArea = {
  pages: eventsPages,
  menu: {
    key: 'events',
    label: 'Event Calender',
    order: 100,
    path: eventsPages.eventCalender,
    isShown: hasEventCalendar,
    gatesPages: true,
  },
};
