import { signedInPages } from '@campus/domain/shell/pages';
import { prefetching, type FeatureRoutes } from '../../lib/feature-routes.ts';
import { messagesQuery } from './api/get-messages.ts';

const messagesData = prefetching((session, prefetch) => prefetch(messagesQuery(session)));
const messages = async () => ({ Component: (await import('./screens/messages.tsx')).MessagesScreen });

/** Messages (spec part 2 §2.5). */
export const messagesRoutes: FeatureRoutes = (queryClient) => [
  { path: signedInPages.messages, loader: messagesData(queryClient), lazy: messages },
];
