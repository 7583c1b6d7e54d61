import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';
import { localDate } from '../../lib/local-date.ts';
import { announcementsQuery } from './api/get-announcements.ts';
import { bannersQuery } from './api/get-banners.ts';
import { feeDuesQuery } from './api/get-fee-dues.ts';

const homeData = prefetching(async (session, prefetch) => {
  prefetch(bannersQuery(session));
  prefetch(announcementsQuery(session));
  prefetch(feeDuesQuery(session));
  // Home's live classes come with its code, as they sit above the announcements.
  const { liveWeekQuery } = await import('./api/get-live-week.ts');
  prefetch(liveWeekQuery(session, localDate()));
});
const dashboard = async () => (await import('./screens/dashboard.tsx')).DashboardScreen;

/** Home and its full announcement list, one screen (spec part 1 §1–§2). */
export const routes: FeatureRoutes = [
  screenRoute(signedInPages.dashboard, dashboard, { data: homeData }),
  screenRoute(signedInPages.announcement, dashboard, { data: homeData }),
];
