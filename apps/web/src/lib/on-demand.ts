import { useEffect, useState } from 'react';

/** What a person does before anything that opens a dialog or raises a toast: a click, a tap, a key. */
const firstInputEvents = ['pointerdown', 'keydown'] as const;

/** Calls `callback` once, at the page's next pointer or key press; answers a function that cancels it. */
export function onFirstInput(callback: () => void): () => void {
  const cancel = () => {
    for (const type of firstInputEvents) window.removeEventListener(type, listener, true);
  };
  const listener = () => {
    cancel();
    callback();
  };
  for (const type of firstInputEvents) window.addEventListener(type, listener, { capture: true, passive: true });
  return cancel;
}

/** A module's export fetched on demand (`loader()`), and what has arrived so far (`loader.loaded()`). */
export interface Loader<T> {
  (): Promise<T>;
  loaded(): T | undefined;
}

/**
 * A module's export fetched once. A failed fetch (offline) is tried again at the next call rather than remembered,
 * as React.lazy would, whose rejection reaches the screen's error boundary.
 */
export function retryingLoader<T>(load: () => Promise<T>): Loader<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  const loader = () =>
    (loading ??= load().then(
      (result) => (value = result),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(loader, { loaded: () => value });
}

/** Preloads without a care for failure: the next call tries again. */
export const preload = (loader: Loader<unknown>) => void loader().catch(() => undefined);

/**
 * The loader's export once it is wanted and has arrived (in the same render when it already has), kept from then
 * on; undefined before. A fetch that fails while wanted (offline) leaves it undefined: it is tried again when the
 * wish comes back, or, when `wanted` counts the person's asks, at each new ask.
 */
export function useLoaded<T>(loader: Loader<T>, wanted: boolean | number): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => loader.loaded());
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let isMounted = true;
    loader().then(
      (result) => isMounted && setValue(() => result),
      () => undefined,
    );
    return () => {
      isMounted = false;
    };
  }, [loader, wanted, value]);
  // Arrived since this component mounted (preloaded on hover or focus): shown at once, as React.lazy would.
  return value ?? (wanted ? loader.loaded() : undefined);
}
