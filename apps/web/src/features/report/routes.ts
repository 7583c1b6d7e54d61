import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';
import { reportLabelsQuery } from './api/reports.ts';

const reportData = prefetching((session, prefetch) => prefetch(reportLabelsQuery(session)));
const screen = async () => ({ Component: (await import('./screens/report.tsx')).ReportScreen });

/** Exam Reports (spec part 2 §2.4). */
export const reportRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.report, loader: reportData(queryClient), lazy: screen },
];
