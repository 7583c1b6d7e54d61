/** How long after the page's load the worker is registered: its precache download then competes with nothing. */
const settleMs = 3000;

let isRegistered = false;

/**
 * Registers the service worker (src/sw.ts, built to /my-account/sw.js) once a signed-in screen has loaded and the
 * page has settled, so downloading the app's code for offline use never competes with the first load. Only in a
 * built app: the dev server has no sw.js.
 */
export function registerServiceWorker() {
  if (isRegistered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  isRegistered = true;
  const register = () =>
    void navigator.serviceWorker.register('/my-account/sw.js', { scope: '/my-account/' }).catch(() => undefined);
  const later = () => setTimeout(register, settleMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
