import { notificationAddress, type AlertPush } from './lib/notification-address.ts';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

/**
 * The service worker of the installable app (issue 18). It keeps the app's code (every built script, stylesheet
 * and image, precached by workbox from the build's list) so the app opens and every screen loads offline, and the
 * last page the server sent for this host, which carries the institute's branding, to open with when the network
 * is gone. It keeps no answer of the API: those are the user's data, kept per user in IndexedDB by the app itself
 * (lib/offline-query.ts) and cleared on logout.
 */

// The DOM's types describe a page; the few parts of a worker's global scope used here are typed by hand.
interface FetchEventLike extends Event {
  request: Request;
  respondWith: (answer: Promise<Response>) => void;
}
interface PushEventLike extends Event {
  data: { json: () => unknown } | null;
  waitUntil: (work: Promise<unknown>) => void;
}
interface NotificationEventLike extends Event {
  notification: { data: unknown; close: () => void };
  waitUntil: (work: Promise<unknown>) => void;
}
interface WindowClientLike {
  url: string;
  focus: () => Promise<unknown>;
  navigate: (url: string) => Promise<unknown>;
}
interface WorkerScope {
  skipWaiting: () => Promise<void>;
  clients: {
    claim: () => Promise<void>;
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<WindowClientLike[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  registration: { showNotification: (title: string, options: Record<string, unknown>) => Promise<void> };
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: Event & { waitUntil: (work: Promise<unknown>) => void }) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
const worker = self as unknown as WorkerScope;
declare const self: { __WB_MANIFEST: (string | PrecacheEntry)[] };

// workbox-build writes the list of built files in place of `self.__WB_MANIFEST`.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pageCache = 'campus-page';
/** Every address of the app serves the same page for a host, so one copy (the latest) opens any of them. */
const pageKey = '/my-account/';

/** Keeps the page of a signed-in screen (the first load came before the worker, so no navigation has passed it). */
async function keepPage() {
  const answer = await fetch('/my-account/dashboard', { cache: 'no-cache' });
  if (answer.ok) await (await caches.open(pageCache)).put(pageKey, answer);
}

// A new release takes over at once: its code is precached already, and pages reload a missing chunk themselves.
worker.addEventListener('install', (event) => {
  event.waitUntil(keepPage().catch(() => undefined));
  void worker.skipWaiting();
});
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

async function openPage(request: Request): Promise<Response> {
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      const copy = answer.clone();
      void caches.open(pageCache).then((cache) => cache.put(pageKey, copy));
    }
    return answer;
  } catch (error) {
    const kept = await caches.match(pageKey, { cacheName: pageCache });
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  if (!new URL(request.url).pathname.startsWith('/my-account')) return;
  event.respondWith(openPage(request));
});

// An alert pushed by the server: shown as a notification; one per alert (its tag), so a repeat replaces it.
worker.addEventListener('push', (event) => {
  let push: Partial<AlertPush> = {};
  try {
    push = (event.data?.json() ?? {}) as Partial<AlertPush>;
  } catch {
    // Not JSON: still tell the user something came.
  }
  event.waitUntil(
    worker.registration.showNotification(push.title || 'New alert', {
      body: push.body ?? '',
      tag: push.alert_id === undefined ? undefined : `alert-${push.alert_id}`,
      data: { url: notificationAddress(push) },
    }),
  );
});

// A tap on the notification opens its screen: in an open window of the app if there is one, else a new one.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  const target = url ?? '/my-account/dashboard';
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/my-account'));
      if (!open) return worker.clients.openWindow(target);
      await open.focus();
      return open.navigate(target);
    }),
  );
});
