import { feesPages } from '@campus/domain/fees/fees.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const feesData = prefetching(async (session, prefetch, address) => {
  const { feesQuery, feesYearOf } = await import('./api/get-fees.ts');
  prefetch(feesQuery(session, feesYearOf(session, address.get('year'))));
});
const fees = async () => (await import('./screens/fees.tsx')).FeesScreen;

/** Fees (spec part 2 §2.7). */
export const routes: FeatureRoutes = [screenRoute(feesPages.fees, fees, { data: feesData })];
