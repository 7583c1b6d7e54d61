import { timetablePages } from '@campus/domain/timetable/timetable.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';
import { localDate } from '../../lib/local-date.ts';

// The month the screen opens on (its address's, or today's) and its holidays are asked for while the code
// downloads, not once it has run (issue 26: the month's answer came 1.6–1.9 s after the tap on a cheap phone).
const timetableData = prefetching(async (session, prefetch, address) => {
  const [{ timetableQuery, holidaysQuery }, { openingPlace, opensOnYear }] = await Promise.all([
    import('./api/timetable.ts'),
    import('./api/timetable-requests.ts'),
  ]);
  const place = openingPlace(session, address, localDate());
  if (!opensOnYear(address)) prefetch(timetableQuery(session, place.month.year, place.month.month));
  prefetch(holidaysQuery(session, place.month.year, place.month.month));
});
const timetable = async () => (await import('./screens/timetable.tsx')).TimetableScreen;

/** The timetable (spec part 2 §2.2). */
export const routes: FeatureRoutes = [screenRoute(timetablePages.timetable, timetable, { data: timetableData })];
