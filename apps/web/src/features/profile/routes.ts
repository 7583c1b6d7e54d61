import { profilePages } from '@campus/domain/profile/profile.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const profileData = prefetching(async (session, prefetch) => {
  const { profileQuery } = await import('./api/get-profile.ts');
  prefetch(profileQuery(session));
});
const profile = async () => (await import('./screens/profile.tsx')).ProfileScreen;

/** The profile (spec part 1 §2; the router matches /profile too). */
export const routes: FeatureRoutes = [screenRoute(profilePages.profile, profile, { data: profileData })];
