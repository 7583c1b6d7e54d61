import { signedInPages, testPanelPage, testPaperPage } from '@campus/domain/shell/pages';
import type { RouteObject } from 'react-router';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const deskData = prefetching(async (session, prefetch) => {
  const { labelsQuery, productTestsQuery } = await import('./api/desk.ts');
  prefetch(labelsQuery(session));
  prefetch(productTestsQuery(session));
});
const desk = async () => (await import('./screens/exam-desk.tsx')).ExamDeskScreen;
const panel = async () => (await import('./screens/test-panel.tsx')).TestPanelScreen;
const paper = async () => (await import('./screens/test-paper.tsx')).TestPaperScreen;

/** The exam desk (spec part 2 §2.3). */
export const examRoutes: FeatureRoutes = [screenRoute(signedInPages.exam, desk, { data: deskData })];

/**
 * The test panel: its own lazily loaded chunk, outside the signed-in shell (it runs on the attempt's credential,
 * in a window of its own).
 */
export const testPanelRoute: RouteObject = screenRoute(testPanelPage, panel);

/** The test panel's view mode (the desk's View): the paper read-only, in its own chunk and window like the panel. */
export const testPaperRoute: RouteObject = screenRoute(testPaperPage, paper);
