import { signedInPages } from '@campus/domain/shell/pages';
import { screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const live = async () => (await import('./screens/live.tsx')).LiveScreen;

/** Live classes (spec part 1 §2). */
export const routes: FeatureRoutes = [screenRoute(signedInPages.live, live)];
