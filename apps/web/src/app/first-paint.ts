// When the boot script (src/boot.ts) lets the app's code load: once the page's first content has painted, so the
// code does not share a slow line with it, and a second after the start at the latest (a hidden tab paints nothing).

/** What the browser tells of its paints, and a timer: the page's own in the boot script, stand-ins in tests. */
export interface PaintSignals {
  /** Resolves once the largest paint so far is an element `wanted` accepts. */
  largestPaint: (wanted: (element: Element | null | undefined) => boolean) => Promise<void>;
  /** Resolves once the frame after the element's (an image's once decoded) has begun: it has painted. */
  paintOf: (element: Element) => Promise<void>;
  after: (ms: number) => Promise<void>;
}

/** The wait's cap. */
export const firstPaintCapMs = 1000;

/**
 * Resolves once `element` has painted: its LCP entry (its presentation time, a little after the frame), or soon
 * after the frame where Chrome makes none — an image it deems too plain (few bytes a pixel, as the demo's SVG
 * banners), content no larger than what painted before. Waiting for the entry alone held the app back a whole
 * second on such a page.
 */
function paintedElement(
  element: Element,
  isEntry: (paint: Element | null | undefined) => boolean,
  signals: PaintSignals,
) {
  return Promise.race([signals.largestPaint(isEntry), signals.paintOf(element).then(() => signals.after(100))]);
}

/**
 * Resolves when the app's code may load. `logo` is what the page paints first (the server-marked element — the
 * dashboard's banner, the exam desk's prompt — or the institute's logo), none for an unknown host (nothing to wait
 * for); `main` the screen's part of the page, painted by the boot script from `fromData`'s answers when empty.
 */
export function appMayLoad(
  logo: Element | null,
  main: HTMLElement | null,
  fromData: Promise<Element | undefined>,
  signals: PaintSignals,
): Promise<void> {
  if (!logo) return Promise.resolve();
  const logoPainted = () => paintedElement(logo, (paint) => paint === logo, signals);
  return Promise.race([
    signals.after(firstPaintCapMs),
    // An empty `main` is a screen the page paints from its data (the server painted none of it).
    main && !main.hasChildNodes()
      ? fromData.then((element) =>
          element ? paintedElement(element, (paint) => Boolean(paint && main.contains(paint)), signals) : logoPainted(),
        )
      : logoPainted(),
  ]);
}
