import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./pdf-view.tsx', () => ({ default: () => null }));

const prefetchLinks = () => document.head.querySelectorAll('link[rel="prefetch"]');

describe('preloadPdfViewer', () => {
  afterEach(() => {
    for (const link of prefetchLinks()) link.remove();
    vi.resetModules();
  });

  it('sends nothing while the list is only looked at, and fetches the viewer at the first tap', async () => {
    const { preloadPdfViewer } = await import('./preload.ts');
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    preloadPdfViewer();
    // Idle time alone (what Lighthouse's load is) fetches no viewer.
    vi.runAllTimers();
    vi.useRealTimers();
    expect(prefetchLinks()).toHaveLength(0);

    window.dispatchEvent(new Event('pointerdown'));
    expect(prefetchLinks()).toHaveLength(1);
    expect(prefetchLinks()[0]!.getAttribute('href')).toMatch(/pdf\.worker/);

    // Once per page, however many lists ask.
    preloadPdfViewer();
    window.dispatchEvent(new Event('pointerdown'));
    expect(prefetchLinks()).toHaveLength(1);
  });
});
