import { mediaPage, signedInPages } from '@campus/domain/shell/pages';
import type { RouteObject } from 'react-router';
import { preloadPdfViewer } from '../../components/viewer/preload.ts';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const coursesData = prefetching(async (session, prefetch) => {
  // Most of what these lists open are PDFs (and office files, drawn as PDFs).
  preloadPdfViewer();
  const { coursesQuery } = await import('./api/library-api.ts');
  prefetch(coursesQuery(session));
});
const library = async () => (await import('./screens/library.tsx')).LibraryScreen;
const media = async () => (await import('./screens/media-page.tsx')).MediaPageScreen;

/** Study Library (spec part 2 §2.1). */
export const libraryRoutes: FeatureRoutes = [screenRoute(signedInPages.studyLibrary, library, { data: coursesData })];

/**
 * The media page a phone's YouTube play opens in a new window (spec part 2 §2.1): outside the signed-in shell, a
 * window of its own with nothing but the video; the router puts it behind the session guard.
 */
export const mediaPageRoute: RouteObject = screenRoute(mediaPage, media);
