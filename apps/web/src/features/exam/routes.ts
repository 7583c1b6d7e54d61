import { examPages } from '@campus/domain/exam/exam.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const deskData = prefetching(async (session, prefetch) => {
  const { labelsQuery, productTestsQuery } = await import('./api/desk.ts');
  prefetch(labelsQuery(session));
  prefetch(productTestsQuery(session));
});
const desk = async () => (await import('./screens/exam-desk.tsx')).ExamDeskScreen;

/** The exam desk (spec part 2 §2.3). */
export const routes: FeatureRoutes = [screenRoute(examPages.exam, desk, { data: deskData })];
