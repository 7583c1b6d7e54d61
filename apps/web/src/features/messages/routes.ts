import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';

const messagesData = prefetching(async (session, prefetch) => {
  const { messagesQuery } = await import('./api/get-messages.ts');
  prefetch(messagesQuery(session));
});
const messages = async () => ({ Component: (await import('./screens/messages.tsx')).MessagesScreen });

/** Messages (spec part 2 §2.5). */
export const messagesRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.messages, loader: messagesData(queryClient), lazy: messages },
];
