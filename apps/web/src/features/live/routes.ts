import { signedInPages } from '@campus/domain/shell/pages';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const live = async () => ({ Component: (await import('./screens/live.tsx')).LiveScreen });

/** Live classes (spec part 1 §2). */
export const liveRoutes: FeatureRoutes = () => [{ path: signedInPages.live, lazy: live }];
