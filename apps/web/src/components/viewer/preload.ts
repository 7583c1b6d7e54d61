import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { onFirstInput } from '../../lib/on-demand.ts';
import { preloadViewers } from './lazy-viewers.tsx';

let preloaded = false;

/**
 * Fetches pdf.js and its worker (110 KB and 311 KB brotli) at the first tap or key press on a screen that lists
 * documents, with the viewer's overlay (lazy-viewers.tsx), so the first PDF opened waits only for itself: on a cheap phone's first visit the two took 1.5 s of the
 * tap's 3.3 s (bench/phone-speed.ts). Not while the phone is idle on arrival: that sent 420 KB to everyone who only
 * looked at the list (Lighthouse counted 559–568 KB of script on /studymaterial and /document), where a tap on a
 * course, a topic or the list comes before the tap on View. Skipped when the user asked the browser to save data.
 */
export function preloadPdfViewer(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (preloaded || connection?.saveData) return;
  preloaded = true;
  onFirstInput(() => {
    preloadViewers();
    void import('./pdf-view.tsx').catch(() => {
      // Offline or a new release: the viewer loads (or says why not) when it is opened.
      preloaded = false;
    });
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = workerUrl;
    document.head.append(link);
  });
}
