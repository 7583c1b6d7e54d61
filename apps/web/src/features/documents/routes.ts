import { documentsPages } from '@campus/domain/documents/documents.page';
import { preloadPdfViewer } from '../../components/viewer/preload.ts';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const subjectsData = prefetching(async (session, prefetch) => {
  // Most of what these lists open are PDFs (and office files, drawn as PDFs).
  preloadPdfViewer();
  const { subjectsQuery } = await import('./api/documents-api.ts');
  prefetch(subjectsQuery(session));
});
const documents = async () => (await import('./screens/documents.tsx')).DocumentsScreen;

/** Documents (spec part 1 §2 Documents). */
export const routes: FeatureRoutes = [screenRoute(documentsPages.document, documents, { data: subjectsData })];
