import { libraryPages } from '@campus/domain/library/library.page';
import { preloadPdfViewer } from '../../components/viewer/preload.ts';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const coursesData = prefetching(async (session, prefetch) => {
  // Most of what these lists open are PDFs (and office files, drawn as PDFs).
  preloadPdfViewer();
  const { coursesQuery } = await import('./api/library-api.ts');
  prefetch(coursesQuery(session));
});
const library = async () => (await import('./screens/library.tsx')).LibraryScreen;

/** Study Library (spec part 2 §2.1). */
export const routes: FeatureRoutes = [screenRoute(libraryPages.studyLibrary, library, { data: coursesData })];
