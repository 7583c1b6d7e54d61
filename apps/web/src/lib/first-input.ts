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

/**
 * A module's export fetched once. A failed fetch (offline) is tried again at the next call rather than remembered,
 * as React.lazy would, whose rejection reaches the screen's error boundary.
 */
export function retryingLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
