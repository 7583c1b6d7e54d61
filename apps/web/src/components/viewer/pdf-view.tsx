// The PDF renderer (pdf.js), in its own chunk: loaded only when a PDF or an office preview is opened.
import { Stack, Text } from '@mantine/core';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/** At most this many pages are drawn; a longer document says how many more there are. */
const maxPages = 50;

/** Draws each page of the PDF at `url` on a canvas, fitted to the overlay's width. */
export default function PdfView({ url, onError }: { url: string; onError: (error: unknown) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let pdf: PDFDocumentProxy | undefined;
    const task = getDocument({ url });
    task.promise
      .then(async (loaded) => {
        pdf = loaded;
        if (cancelled || !container.current) return;
        setPages(loaded.numPages);
        const width = Math.min(container.current.clientWidth || 800, 1000);
        for (let number = 1; number <= Math.min(loaded.numPages, maxPages); number += 1) {
          const page = await loaded.getPage(number);
          if (cancelled || !container.current) return;
          const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          canvas.setAttribute('aria-label', `Page ${number}`);
          canvas.style.maxWidth = '100%';
          canvas.style.boxShadow = '0 1px 4px rgba(0,0,0,.2)';
          container.current.appendChild(canvas);
          await page.render({ canvas, viewport }).promise;
          canvas.dataset.rendered = 'true';
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) onError(error);
      });
    const node = container.current;
    return () => {
      cancelled = true;
      void task.destroy();
      void pdf?.cleanup();
      node?.replaceChildren();
    };
  }, [url, onError]);

  return (
    <Stack align="center" gap="sm">
      <div
        ref={container}
        data-testid="pdf-pages"
        style={{ display: 'grid', gap: 12, width: '100%', justifyItems: 'center' }}
      />
      {pages > maxPages && <Text c="dimmed">{`${pages - maxPages} more pages: download the file to read them.`}</Text>}
    </Stack>
  );
}
