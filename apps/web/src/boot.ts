// The page's only script: it starts the app (data-app names its entry) once the browser has painted what the page
// itself carries, the institute's logo and name (on the dashboard its first banner, on the exam desk its prompt), or
// on the inbox and the notice board what it paints from their early answers (app/boot-screen.ts). On a slow phone
// the app's download and evaluation would otherwise hold that paint back, so the app is fetched only then (the
// server serves every page without preload links: apps/api/src/plugins/web.ts); a second at most (app/first-paint.ts).
// Built on its own, imports included (vite.config.ts, runAppAfterPaint).
import type { StoredSession } from './lib/session.ts';
import { earlyRequests, type EarlyRequest } from './app/early-data.ts';
import { testPanelPage } from '@campus/domain/shell/pages';
import { attemptCredentialKey, sendPanelRequests } from './features/exam/api/panel-requests.ts';
import { startEarlyCall } from './lib/early-calls.ts';
import { screenPainters } from './app/boot-screen.ts';
import { appMayLoad, type PaintSignals } from './app/first-paint.ts';

/** The signed-in session this browser keeps (lib/session.ts writes it under this key), if any. */
function storedSession(): StoredSession | null {
  try {
    const session = JSON.parse(localStorage.getItem('session') ?? 'null') as StoredSession | null;
    return session && typeof session.user_id === 'number' && session.user_id > 0 ? session : null;
  } catch {
    return null;
  }
}

/** The screen's part of the page (apps/api/src/plugins/web.ts bootScreen), if it is this address's. */
function bootMain(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('#root .boot-main');
  // A page the service worker kept for another address: its screen content is not this one's.
  if (main && main.dataset.path?.toLowerCase() !== window.location.pathname.toLowerCase()) main.replaceChildren();
  return main;
}

const main = bootMain();

/** Paints from an early answer where this page's screen shows it (app/boot-screen.ts): the element painted. */
async function paintFrom(request: EarlyRequest, response: Promise<Response>): Promise<Element | undefined> {
  const paint = main && screenPainters[request.endpoint];
  if (!paint) return undefined;
  try {
    const answer = await response;
    // A clone: the app takes the answer itself (lib/early-calls.ts).
    const data: unknown = answer.ok ? await answer.clone().json() : undefined;
    // Not once the app has replaced the page's markup.
    return main.isConnected && data !== undefined ? paint(main, data, path) : undefined;
  } catch {
    return undefined;
  }
}

const path = window.location.pathname.replace(/^\/my-account(?=\/|$)/, '') || '/';
/**
 * The test panel's window, opened by a tap on Start that waits for the first question: its requests (the open, then
 * the attempt) are sent at once, not after the logo's paint as where a banner shares the line (issue 26).
 */
const panelPage = path.toLowerCase() === testPanelPage;

// The route's first requests, sent beside the app's code rather than after it (lib/early-calls.ts); resolves with
// the element the page painted from their answers, if any.
function sendEarlyRequests(): Promise<Element | undefined> {
  const painted: Promise<Element | undefined>[] = [];
  try {
    if (panelPage) {
      // The panel runs on its attempt's credential, not the session's.
      sendPanelRequests(window.location.hash.replace(/^#/, ''), sessionStorage.getItem(attemptCredentialKey));
      return Promise.resolve(undefined);
    }
    for (const request of earlyRequests(path, storedSession(), new Date(), window.location.search)) {
      painted.push(paintFrom(request, startEarlyCall(request.url, request.headers, Date.now(), request)));
    }
  } catch {
    // Nothing sent early: the app asks as usual.
  }
  return Promise.all(painted).then((each) => each.find(Boolean));
}

const script = document.querySelector<HTMLScriptElement>('script[data-app]')!;
const { app: entry = '', imports = '' } = script.dataset;
// The element the page paints first: the logo, the dashboard's first banner or the exam desk's prompt (the server
// marks it), or a screen's content painted from its data (below).
const first = document.querySelector('#root [data-paint-first]');
const logo = first ?? document.querySelector('#root img');
// Where the server painted an image as the page's largest element (the dashboard's banner), the data waits for its
// paint: on a slow line the requests would share the image's bandwidth. Elsewhere send now.
const waitsForPaint = first instanceof HTMLImageElement && !panelPage;
const fromData = waitsForPaint ? Promise.resolve(undefined) : sendEarlyRequests();

/** The page's own paint signals (app/first-paint.ts). */
const signals: PaintSignals = {
  largestPaint: (wanted) =>
    new Promise<void>((resolve) => {
      const types = PerformanceObserver.supportedEntryTypes ?? [];
      if (types.includes('largest-contentful-paint')) {
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().some((paint) => wanted((paint as PerformanceEntry & { element?: Element }).element))) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      } else {
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }
    }),
  paintOf: async (element) => {
    if (element instanceof HTMLImageElement) await element.decode().catch(() => undefined);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  },
  after: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

// The app's code waits for the page's first content to paint, so it does not share the line with it: the logo (or
// the server-painted element), or on a screen painted from its data that paint; a second at most.
const painted = appMayLoad(logo, main, fromData, signals);

void painted.then(() => {
  if (waitsForPaint) void sendEarlyRequests();
  // The entry's own imports download beside it rather than after it (a no-op where the page preloaded them).
  for (const href of imports.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
  return import(/* @vite-ignore */ entry);
});
