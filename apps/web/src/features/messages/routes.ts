import { messagesPages } from '@campus/domain/messages/messages.page';
import { prefetching, screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const messagesData = prefetching(async (session, prefetch) => {
  const { messagesQuery } = await import('./api/get-messages.ts');
  prefetch(messagesQuery(session));
});
const messages = async () => (await import('./screens/messages.tsx')).MessagesScreen;

/** Messages (spec part 2 §2.5). */
export const routes: FeatureRoutes = [screenRoute(messagesPages.messages, messages, { data: messagesData })];
