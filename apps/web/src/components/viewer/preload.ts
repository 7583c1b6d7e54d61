import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

let preloaded = false;

/**
 * Fetches pdf.js and its worker (110 KB and 311 KB brotli) while the phone is idle on a screen that lists
 * documents, so the first PDF opened waits only for itself: on a cheap phone's first visit the two took 1.5 s of the
 * tap's 3.3 s (bench/phone-speed.ts). Skipped when the user asked the browser to save data.
 */
export function preloadPdfViewer(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (preloaded || connection?.saveData) return;
  preloaded = true;
  const run = () => {
    void import('./pdf-view.tsx').catch(() => {
      // Offline or a new release: the viewer loads (or says why not) when it is opened.
      preloaded = false;
    });
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = workerUrl;
    document.head.append(link);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}
