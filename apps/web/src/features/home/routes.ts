import { homePages } from '@campus/domain/home/home.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';
import { localDate } from '../../lib/local-date.ts';
import { announcementsQuery } from './api/get-announcements.ts';
import { bannersQuery } from './api/get-banners.ts';
import { feeDuesQuery } from './api/get-fee-dues.ts';
import { todayQuery } from './api/get-today.ts';
import { showsBanners } from './api/home-requests.ts';

const homeFirst: Parameters<typeof prefetching>[0] = async (session, prefetch) => {
  prefetch(bannersQuery(session));
  prefetch(announcementsQuery(session));
  prefetch(feeDuesQuery(session));
  prefetch(todayQuery(session));
  // Home's live classes come with its code, as they sit above the announcements.
  const { liveWeekQuery } = await import('./api/get-live-week.ts');
  prefetch(liveWeekQuery(session, localDate()));
};
const homeData = prefetching(homeFirst);
// Home shows the banner carousel, beside its screen's code; the full list does not (components/banners.tsx).
const dashboardData = prefetching(async (session, prefetch, address) => {
  if (showsBanners(session)) void import('./components/banner-carousel.tsx').catch(() => undefined);
  await homeFirst(session, prefetch, address);
});
const dashboard = async () => (await import('./screens/dashboard.tsx')).DashboardScreen;

/** Home and its full announcement list, one screen (spec part 1 §1–§2). */
export const routes: FeatureRoutes = [
  screenRoute(homePages.dashboard, dashboard, { data: dashboardData }),
  screenRoute(homePages.announcement, dashboard, { data: homeData }),
];
