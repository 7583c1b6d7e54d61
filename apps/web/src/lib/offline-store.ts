import type { Session } from '@campus/domain/auth/auth.contract';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/** One answer kept for offline use: what the screen showed and when it was fetched (epoch ms). */
export interface OfflineEntry {
  data: unknown;
  fetchedAt: number;
}

interface Backing {
  get: (key: string) => Promise<OfflineEntry | undefined>;
  set: (key: string, entry: OfflineEntry) => Promise<void>;
  del: (key: string) => Promise<void>;
  clear: () => Promise<void>;
}

function indexedDbBacking(): Backing {
  let store: UseStore | undefined;
  // Opened on first use, so a page that never keeps anything opens no database.
  const db = () => (store ??= createStore('campus-offline', 'answers'));
  return {
    get: (key) => get<OfflineEntry>(key, db()),
    set: (key, entry) => set(key, entry, db()),
    del: (key) => del(key, db()),
    clear: () => clear(db()),
  };
}

/** Where IndexedDB is missing (unit tests in happy-dom): the same contract in memory. */
function memoryBacking(): Backing {
  const entries = new Map<string, OfflineEntry>();
  return {
    get: async (key) => entries.get(key),
    set: async (key, entry) => {
      entries.set(key, entry);
    },
    del: async (key) => {
      entries.delete(key);
    },
    clear: async () => {
      entries.clear();
    },
  };
}

const backing: Backing = typeof indexedDB === 'undefined' ? memoryBacking() : indexedDbBacking();

/** Who is signed in, as far as the kept answers go (the session's fields). */
export type OfflineOwnerSource = Pick<Session, 'user_id' | 'user_type' | 'parentslogin' | 'parent_id'>;

/**
 * The owner of kept answers: the user, and for a parent the parent too. A parent viewing a child carries the
 * child's user id (spec part 1 §3), so the user id alone would hand the child's answers to the parent.
 */
export const offlineOwner = (session: OfflineOwnerSource) =>
  `u${session.user_id}-t${session.user_type}${session.parentslogin ? `-p${session.parent_id ?? 0}` : ''}`;

/** The key of one answer: its owner first, so no user ever reads another's. */
export const offlineKey = (owner: string, queryKey: readonly unknown[]) => `${owner}|${JSON.stringify(queryKey)}`;

export const readOffline = (key: string) => backing.get(key).catch(() => undefined);

export const writeOffline = (key: string, entry: OfflineEntry) => backing.set(key, entry).catch(() => undefined);

/**
 * Forgets every kept answer, of every user: called whenever a session ends (logout, forced logout, a new day), so
 * the next person on the device finds nothing of the last one.
 */
export const clearOffline = () => backing.clear().catch(() => undefined);
