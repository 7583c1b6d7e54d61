import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const subjectsData = prefetching(async (session, prefetch) => {
  const { subjectsQuery } = await import('./api/documents-api.ts');
  prefetch(subjectsQuery(session));
});
const documents = async () => ({ Component: (await import('./screens/documents.tsx')).DocumentsScreen });

/** Documents (spec part 1 §2 Documents). */
export const documentsRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.document, loader: subjectsData(queryClient), lazy: documents },
];
