import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';
import { announcementsQuery } from './api/get-announcements.ts';
import { bannersQuery } from './api/get-banners.ts';
import { feeDuesQuery } from './api/get-fee-dues.ts';

const homeData = prefetching((session, prefetch) => {
  prefetch(bannersQuery(session));
  prefetch(announcementsQuery(session));
  prefetch(feeDuesQuery(session));
});
const dashboard = async () => ({ Component: (await import('./screens/dashboard.tsx')).DashboardScreen });

/** Home and its full announcement list, one screen (spec part 1 §1–§2). */
export const homeRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.dashboard, loader: homeData(queryClient), lazy: dashboard },
  { path: signedInPages.announcement, loader: homeData(queryClient), lazy: dashboard },
];
