import { livePages } from '@campus/domain/live/live.page';
import { screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const live = async () => (await import('./screens/live.tsx')).LiveScreen;

/** Live classes (spec part 1 §2). */
export const routes: FeatureRoutes = [screenRoute(livePages.live, live)];
