import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';
import { profileQuery } from './api/get-profile.ts';

const profileData = prefetching((session, prefetch) => prefetch(profileQuery(session)));
const profile = async () => ({ Component: (await import('./screens/profile.tsx')).ProfileScreen });

/** The profile (spec part 1 §2; the router matches /profile too). */
export const profileRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.profile, loader: profileData(queryClient), lazy: profile },
];
