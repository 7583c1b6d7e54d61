/* eslint-disable react-hooks/use-memo, react-hooks/exhaustive-deps -- the refs are the dependency list, as upstream */
import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react 0.27 (MIT), the one thing Mantine's ScrollArea takes from that package. The
 * build hands it to ScrollArea instead of the package (vite.config.ts, `lighterMantine`): the package is one module,
 * and its chunk carries every floating helper the app's popovers use (12 KB brotli), which every screen with a
 * Modal then loaded, since Mantine's Modal imports ScrollArea.
 */
export function useMergeRefs<Instance>(refs: ReadonlyArray<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const cleanup = ref(instance);
        return typeof cleanup === 'function' ? cleanup : () => void ref(null);
      }
      (ref as { current: Instance | null }).current = instance;
      return () => {
        (ref as { current: Instance | null }).current = null;
      };
    });
    return () => cleanups.forEach((cleanup) => cleanup?.());
  }, refs);
  return useMemo(
    () =>
      refs.every((ref) => ref == null)
        ? null
        : (value: Instance | null) => {
            if (cleanupRef.current) {
              cleanupRef.current();
              cleanupRef.current = undefined;
            }
            if (value != null) cleanupRef.current = refEffect(value);
          },
    refs,
  );
}
