import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { stopOfflineRecovery } from '../lib/offline-query.ts';
import { clearOffline } from '../lib/offline-store.ts';
import { server } from './server.ts';

// Mantine reads these browser APIs, which happy-dom leaves out.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// Screens load their code on demand; on a busy 2-core CI machine the first import of a chunk can take seconds (5 s
// was once not enough for a menu to open while another tier's processes shared the cores, session 22). Waiting
// longer changes no assertion: speed is measured by the benchmarks, not here.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  // A query served offline asks again on a timer: left running, it would call into the next test's handlers.
  stopOfflineRecovery();
  // The answers kept for offline use (in memory here, a module the files of a worker share): a later test offline
  // would be shown an earlier test's copy instead of its own failure ('Home offline' failed at random so, whenever a
  // file before it in the worker had shown Home online to the same user, session 23).
  await clearOffline();
  // Mantine's notifications live in a module-level store, which the files of a worker share (isolate: false).
  notifications.clean();
  notifications.cleanQueue();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => {
  server.close();
  // The files of a worker share the window and the modules (vitest.config.ts, isolate: false): what one file left
  // there (spies on the window's objects, fake timers, nodes it added outside React) goes before the next.
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.replaceChildren();
});
