import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { getSession, type StoredSession } from './session.ts';

/**
 * An area's signed-in routes (`features/<area>/routes.ts`): path from `signedInPages`, a lazy screen and, where the
 * screen has data, a loader that starts its requests while its code downloads. The app's router gathers them under
 * its session guard and the signed-in layout.
 */
export type FeatureRoutes = (queryClient: QueryClient) => RouteObject[];

/** Starts one query the screen will read (skipped when the screen would not run it). */
export type Prefetch = <T, K extends QueryKey>(
  query: FetchQueryOptions<T, Error, T, K> & { enabled?: unknown },
) => void;

/**
 * A loader that starts a screen's queries alongside its script; the screen reads the same queries, and one the
 * screen would not run (`enabled: false`) is not asked either. The parent guard has already sent a signed-out user
 * away. `prefetchAll` may first import the area's query module (`await import('./api/x.ts')`): a screen the user
 * has not opened then costs the first load nothing, and the module downloads beside the screen's own script.
 */
export const prefetching =
  (prefetchAll: (session: StoredSession, prefetch: Prefetch) => void | Promise<void>) =>
  (queryClient: QueryClient) =>
  async () => {
    const session = getSession();
    if (session) {
      await prefetchAll(session, (query) => {
        if (query.enabled !== false) void queryClient.prefetchQuery(query);
      });
    }
    return null;
  };
