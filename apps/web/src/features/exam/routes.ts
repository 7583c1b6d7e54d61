import { signedInPages, testPanelPage } from '@campus/domain/shell/pages';
import type { RouteObject } from 'react-router';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const deskData = prefetching(async (session, prefetch) => {
  const { labelsQuery, productTestsQuery } = await import('./api/desk.ts');
  prefetch(labelsQuery(session));
  prefetch(productTestsQuery(session));
});
const desk = async () => ({ Component: (await import('./screens/exam-desk.tsx')).ExamDeskScreen });
const panel = async () => ({ Component: (await import('./screens/test-panel.tsx')).TestPanelScreen });

/** The exam desk (spec part 2 §2.3). */
export const examRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.exam, loader: deskData(queryClient), lazy: desk },
];

/**
 * The test panel: its own lazily loaded chunk, outside the signed-in shell (it runs on the attempt's credential,
 * in a window of its own).
 */
export const testPanelRoute: RouteObject = { path: testPanelPage, lazy: panel };
