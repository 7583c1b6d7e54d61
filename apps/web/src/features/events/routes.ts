import { hasEventCalendar, openingMonth, selectedAcademicYear } from '@campus/domain/events/events-rules';
import { signedInPages } from '@campus/domain/shell/pages';
import { redirect } from 'react-router';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';
import { getSession } from '../../lib/session.ts';
import { todayIso } from './today.ts';

// The screen opens in 'My Event' mode on its opening month: that is the month asked for while the code downloads.
const eventsData = prefetching(async (session, prefetch) => {
  const { eventsQuery } = await import('./api/get-events.ts');
  prefetch(eventsQuery(session, openingMonth(todayIso(), selectedAcademicYear(session)), false));
});
const eventCalendar = async () => ({ Component: (await import('./screens/event-calendar.tsx')).EventCalendarScreen });

/** The event calendar (spec part 2 §2.6): schools only; anyone else is sent to the dashboard, as the menu hides it. */
export const eventsRoutes: FeatureRoutes = (queryClient) => [
  {
    path: signedInPages.eventCalender,
    loader: () => {
      const session = getSession();
      if (session && !hasEventCalendar(session)) return redirect(signedInPages.dashboard);
      return eventsData(queryClient)();
    },
    lazy: eventCalendar,
  },
];
