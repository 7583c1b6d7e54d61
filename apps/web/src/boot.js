// The page's only script: it starts the app (data-app names its entry) once the browser has painted what the page
// itself carries, the institute's logo and name (and on the dashboard its first banner). On a slow phone the app's download and evaluation would otherwise
// hold that paint back. On sign-in pages the app is fetched only then; other pages preload it meanwhile (the
// server decides: apps/api/src/plugins/web.ts). A hidden tab paints nothing, so a timer caps the wait at a second.
const { app: entry, imports } = document.querySelector('script[data-app]').dataset;
// The element the page paints first: the logo, or on the dashboard the first banner (the server marks it).
const logo = document.querySelector('#root img[data-paint-first]') || document.querySelector('#root img');

// Without the institute's markup (an unknown host) there is nothing to paint first.
const painted = !logo
  ? Promise.resolve()
  : new Promise((resolve) => {
      setTimeout(resolve, 1000);
      const types = PerformanceObserver.supportedEntryTypes || [];
      if (types.includes('largest-contentful-paint')) {
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().some((paint) => paint.element === logo)) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      } else {
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }
    });

painted.then(() => {
  // The entry's own imports download beside it rather than after it (a no-op where the page preloaded them).
  for (const href of imports.split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
  return import(entry);
});
