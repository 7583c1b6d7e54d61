import { hasEventCalendar, openingMonth, selectedAcademicYear } from '@campus/domain/events/events-rules';
import { eventsPages } from '@campus/domain/events/events.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';
import { localDate } from '../../lib/local-date.ts';

// The screen opens in 'My Event' mode on its opening month: that is the month asked for while the code downloads.
const eventsData = prefetching(async (session, prefetch) => {
  const { eventsQuery } = await import('./api/get-events.ts');
  prefetch(eventsQuery(session, openingMonth(localDate(), selectedAcademicYear(session)), false));
});
const eventCalendar = async () => (await import('./screens/event-calendar.tsx')).EventCalendarScreen;

/** The event calendar (spec part 2 §2.6): schools only; anyone else is sent to the dashboard, as the menu hides it. */
export const routes: FeatureRoutes = [
  screenRoute(eventsPages.eventCalender, eventCalendar, { data: eventsData, allow: hasEventCalendar }),
];
