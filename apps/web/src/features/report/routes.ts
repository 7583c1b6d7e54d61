import { reportPages } from '@campus/domain/report/report.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const reportData = prefetching(async (session, prefetch) => {
  const { reportLabelsQuery } = await import('./api/reports.ts');
  prefetch(reportLabelsQuery(session));
});
const screen = async () => (await import('./screens/report.tsx')).ReportScreen;

/** Exam Reports (spec part 2 §2.4). */
export const routes: FeatureRoutes = [screenRoute(reportPages.report, screen, { data: reportData })];
