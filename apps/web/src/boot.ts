// The page's only script: it starts the app (data-app names its entry) once the browser has painted what the page
// itself carries, the institute's logo and name (and on the dashboard its first banner). On a slow phone the app's
// download and evaluation would otherwise hold that paint back, so the app is fetched only then (the server serves
// every page without preload links: apps/api/src/plugins/web.ts). A hidden tab paints nothing, so a timer caps
// the wait at a second. Built on its own, imports included (vite.config.ts, runAppAfterPaint).
import type { StoredSession } from './lib/session.ts';
import { earlyRequests } from './app/early-data.ts';
import { testPanelPage } from '@campus/domain/shell/pages';
import { attemptCredentialKey, sendPanelRequests } from './features/exam/api/panel-requests.ts';
import { startEarlyCall } from './lib/early-calls.ts';

/** The signed-in session this browser keeps (lib/session.ts writes it under this key), if any. */
function storedSession(): StoredSession | null {
  try {
    const session = JSON.parse(localStorage.getItem('session') ?? 'null') as StoredSession | null;
    return session && typeof session.user_id === 'number' && session.user_id > 0 ? session : null;
  } catch {
    return null;
  }
}

// The route's first requests, sent beside the app's code rather than after it (lib/early-calls.ts).
function sendEarlyRequests() {
  try {
    const path = window.location.pathname.replace(/^\/my-account(?=\/|$)/, '') || '/';
    if (path.toLowerCase() === testPanelPage) {
      // The panel runs on its attempt's credential, not the session's.
      sendPanelRequests(window.location.hash.replace(/^#/, ''), sessionStorage.getItem(attemptCredentialKey));
      return;
    }
    for (const { url, headers } of earlyRequests(path, storedSession(), new Date())) startEarlyCall(url, headers);
  } catch {
    // Nothing sent early: the app asks as usual.
  }
}

const script = document.querySelector<HTMLScriptElement>('script[data-app]')!;
const { app: entry = '', imports = '' } = script.dataset;
// The element the page paints first: the logo, or on the dashboard the first banner (the server marks it).
const banner = document.querySelector('#root img[data-paint-first]');
const logo = banner ?? document.querySelector('#root img');
// Where the server painted the page's largest element (the dashboard's banner), the data waits for its paint: on a
// slow line the requests would share the banner's bandwidth. Elsewhere the data is the largest element: send now.
if (!banner) sendEarlyRequests();

// Without the institute's markup (an unknown host) there is nothing to paint first.
const painted = !logo
  ? Promise.resolve()
  : new Promise<void>((resolve) => {
      setTimeout(resolve, 1000);
      const types = PerformanceObserver.supportedEntryTypes ?? [];
      if (types.includes('largest-contentful-paint')) {
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().some((paint) => (paint as PerformanceEntry & { element?: Element }).element === logo)) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      } else {
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }
    });

void painted.then(() => {
  if (banner) sendEarlyRequests();
  // The entry's own imports download beside it rather than after it (a no-op where the page preloaded them).
  for (const href of imports.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
  return import(/* @vite-ignore */ entry);
});
