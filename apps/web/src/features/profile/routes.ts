import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const profileData = prefetching(async (session, prefetch) => {
  const { profileQuery } = await import('./api/get-profile.ts');
  prefetch(profileQuery(session));
});
const profile = async () => ({ Component: (await import('./screens/profile.tsx')).ProfileScreen });

/** The profile (spec part 1 §2; the router matches /profile too). */
export const profileRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.profile, loader: profileData(queryClient), lazy: profile },
];
