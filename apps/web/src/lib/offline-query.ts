import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';
import { offlineKey, offlineOwner, readOffline, writeOffline, type OfflineOwnerSource } from './offline-store.ts';
import { getSession } from './session.ts';

/**
 * Answers shown from the offline copy rather than the network, by key, with the time each was fetched. The signed-in
 * layout reads it to mark the screen as offline (OfflineNotice); a fresh answer from the network takes its key out.
 */
const servedOffline = new Map<string, number>();
const listeners = new Set<() => void>();

const changed = () => listeners.forEach((listener) => listener());

/** The oldest copy on show for an owner (the notice tells how old the data may be), or null. */
function oldestFor(owner: string): number | null {
  let oldest: number | null = null;
  for (const [key, fetchedAt] of servedOffline) {
    if (key.startsWith(`${owner}|`) && (oldest === null || fetchedAt < oldest)) oldest = fetchedAt;
  }
  return oldest;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** When the oldest of the signed-in user's data on show was fetched (epoch ms), or null if all is fresh. */
export const useOfflineSince = (session: OfflineOwnerSource) => {
  const owner = offlineOwner(session);
  return useSyncExternalStore(
    subscribe,
    () => oldestFor(owner),
    () => null,
  );
};

/**
 * Going back online. A copy shown offline counts as a fresh answer to TanStack Query (it came from the query
 * function), so neither its staleTime nor refetchOnReconnect would ever ask again: the screen stayed on the copy, marked
 * offline, until a reload (issue 27 item 8). Every query answered from a copy is asked again by itself: at once when
 * the browser says it is online, and on a backoff (5 s doubling to a minute) for the connection that returns
 * without an `online` event (a server that did not answer in 5 s). A fresh answer takes the key out of both lists.
 */
const recovering = new Map<
  string,
  { client: QueryClient; queryKey: readonly unknown[]; queryFn: (context: unknown) => Promise<unknown> }
>();
const firstRetryMs = 5_000;
const lastRetryMs = 60_000;
let retryMs = firstRetryMs;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function askAgain() {
  retryTimer = undefined;
  for (const [key, { client, queryKey, queryFn }] of recovering) {
    // A query no screen has used for a while is gone from the cache: nothing shows it, so nothing is offline.
    if (!client.getQueryCache().find({ queryKey, exact: true })) {
      recovering.delete(key);
      if (servedOffline.delete(key)) changed();
      continue;
    }
    // Inactive and disabled ones too (a month left for the year view): the mark counts every copy on record.
    void client.prefetchQuery({ queryKey, queryFn, staleTime: 0, retry: false });
  }
  if (recovering.size > 0) scheduleRetry();
}

function scheduleRetry() {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(askAgain, retryMs);
  retryMs = Math.min(retryMs * 2, lastRetryMs);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (recovering.size === 0) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    retryMs = firstRetryMs;
    askAgain();
  });
}

/**
 * Forgets every query waiting to go back online, its timer and the offline marks (each test starts without the last
 * one's: the web tests' files share this module).
 */
export function stopOfflineRecovery(): void {
  recovering.clear();
  if (servedOffline.size > 0) {
    servedOffline.clear();
    changed();
  }
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryMs = firstRetryMs;
}

function recovered(key: string) {
  recovering.delete(key);
  if (recovering.size === 0) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    retryMs = firstRetryMs;
  }
}

interface KeptQuery {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}

/**
 * Opts a query in to offline use, in one line: `keepOffline(queryOptions({...}))`. Each answer is kept in the
 * browser's IndexedDB under the signed-in user (offlineOwner) and the query's key; when a later call gets no answer
 * (offline, or the 5 s timeout), the kept answer is shown instead, and the layout marks the screen offline with the
 * time it was fetched, until the query is asked again by itself and answered (see `askAgain`). Any other failure (a
 * 403, a 404) is passed on as before. Logout clears every kept answer.
 */
export function keepOffline<T extends KeptQuery>(options: T): T {
  const queryFn = options.queryFn;
  if (typeof queryFn !== 'function') return options;
  const run = queryFn as (context: unknown) => Promise<unknown>;
  const kept = async (context: unknown) => {
    const session = getSession();
    if (!session) return run(context);
    const owner = offlineOwner(session);
    const key = offlineKey(owner, options.queryKey);
    try {
      const data = await run(context);
      void writeOffline(key, { data, fetchedAt: Date.now() });
      recovered(key);
      if (servedOffline.delete(key)) changed();
      return data;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === null)) throw error;
      const entry = await readOffline(key);
      // Signed out (or someone else signed in) meanwhile: the copy is not theirs to see.
      const now = getSession();
      if (!entry || !now || offlineOwner(now) !== owner) throw error;
      servedOffline.set(key, entry.fetchedAt);
      changed();
      const client = (context as { client?: QueryClient } | undefined)?.client;
      if (client) {
        recovering.set(key, { client, queryKey: options.queryKey, queryFn: kept });
        scheduleRetry();
      }
      return entry.data;
    }
  };
  return { ...options, queryFn: kept };
}
