import { describe, expect, it } from 'vitest';
import { appMayLoad, firstPaintCapMs, type PaintSignals } from './first-paint.ts';

/**
 * Stand-in paint signals: nothing resolves until the test says so. `entries` are the elements Chrome makes an LCP
 * entry for (none for an image it deems too plain); `painted` the elements whose frame has passed.
 */
function browser() {
  const timers: { ms: number; fire: () => void }[] = [];
  const entryWaits: { wanted: (element: Element) => boolean; fire: () => void }[] = [];
  const paintWaits: { element: Element; fire: () => void }[] = [];
  const signals: PaintSignals = {
    largestPaint: (wanted) => new Promise((fire) => entryWaits.push({ wanted: (element) => wanted(element), fire })),
    paintOf: (element) => new Promise((fire) => paintWaits.push({ element, fire })),
    after: (ms) => new Promise((fire) => timers.push({ ms, fire })),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    signals,
    /** Chrome reports `element` as the largest paint so far. */
    async entry(element: Element) {
      for (const wait of entryWaits.filter((each) => each.wanted(element))) wait.fire();
      await settle();
    },
    /** `element`'s frame has passed. */
    async paint(element: Element) {
      for (const wait of paintWaits.filter((each) => each.element === element)) wait.fire();
      await settle();
    },
    /** The timers of `ms` fire. */
    async elapse(ms: number) {
      for (const timer of timers.filter((each) => each.ms === ms)) timer.fire();
      await settle();
    },
    settle,
  };
}

/** Whether `promise` has resolved by now. */
function watch(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

const image = () => document.createElement('img');

describe('when the boot script lets the app’s code load (app/first-paint.ts)', () => {
  it('waits for the banner’s LCP entry where Chrome makes one', async () => {
    const page = browser();
    const banner = image();
    const mayLoad = watch(appMayLoad(banner, null, Promise.resolve(undefined), page.signals));
    await page.settle();
    expect(mayLoad.done).toBe(false);
    await page.entry(banner);
    expect(mayLoad.done).toBe(true);
  });

  it('loads soon after a plain banner’s paint, which Chrome makes no LCP entry for, not a second later', async () => {
    const page = browser();
    const banner = image();
    const mayLoad = watch(appMayLoad(banner, null, Promise.resolve(undefined), page.signals));
    await page.paint(banner);
    expect(mayLoad.done).toBe(false);
    await page.elapse(100);
    expect(mayLoad.done).toBe(true);
  });

  it('loads after a screen painted from its data, with or without its entry, and not before', async () => {
    const page = browser();
    const logo = image();
    // The page's `main` is empty when the script starts: the early answer paints into it.
    const main = document.createElement('main');
    const painted = document.createElement('p');
    const fromData = Promise.resolve().then(() => main.appendChild(painted));
    const mayLoad = watch(appMayLoad(logo, main, fromData, page.signals));
    await page.entry(logo);
    expect(mayLoad.done).toBe(false);
    await page.paint(painted);
    await page.elapse(100);
    expect(mayLoad.done).toBe(true);
  });

  it('loads at the cap where nothing paints (a hidden tab), and at once without the institute’s markup', async () => {
    const page = browser();
    const mayLoad = watch(appMayLoad(image(), null, Promise.resolve(undefined), page.signals));
    await page.elapse(100);
    expect(mayLoad.done).toBe(false);
    await page.elapse(firstPaintCapMs);
    expect(mayLoad.done).toBe(true);
    const unknownHost = watch(appMayLoad(null, null, Promise.resolve(undefined), browser().signals));
    await page.settle();
    expect(unknownHost.done).toBe(true);
  });
});
