import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const feesData = prefetching(async (session, prefetch) => {
  const { feesQuery, initialFeesYear } = await import('./api/get-fees.ts');
  prefetch(feesQuery(session, initialFeesYear(session)));
});
const fees = async () => ({ Component: (await import('./screens/fees.tsx')).FeesScreen });

/** Fees (spec part 2 §2.7). */
export const feesRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.fees, loader: feesData(queryClient), lazy: fees },
];
