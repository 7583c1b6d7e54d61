import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';
import { feesQuery, initialFeesYear } from './api/get-fees.ts';

const feesData = prefetching((session, prefetch) => prefetch(feesQuery(session, initialFeesYear(session))));
const fees = async () => ({ Component: (await import('./screens/fees.tsx')).FeesScreen });

/** Fees (spec part 2 §2.7). */
export const feesRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.fees, loader: feesData(queryClient), lazy: fees },
];
