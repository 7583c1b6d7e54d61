import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const coursesData = prefetching(async (session, prefetch) => {
  const { coursesQuery } = await import('./api/library-api.ts');
  prefetch(coursesQuery(session));
});
const library = async () => ({ Component: (await import('./screens/library.tsx')).LibraryScreen });

/** Study Library (spec part 2 §2.1). */
export const libraryRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.studyLibrary, loader: coursesData(queryClient), lazy: library },
];
