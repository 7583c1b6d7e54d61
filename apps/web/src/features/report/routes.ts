import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const reportData = prefetching(async (session, prefetch) => {
  const { reportLabelsQuery } = await import('./api/reports.ts');
  prefetch(reportLabelsQuery(session));
});
const screen = async () => ({ Component: (await import('./screens/report.tsx')).ReportScreen });

/** Exam Reports (spec part 2 §2.4). */
export const reportRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.report, loader: reportData(queryClient), lazy: screen },
];
