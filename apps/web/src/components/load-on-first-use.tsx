import { lazy, Suspense, useState, type ComponentType } from 'react';

/** What a stand-in trigger passes on to the button it draws. */
export interface TriggerProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * A header widget whose code (Mantine's floating layer with floating-ui, ~20 KB) loads when the user first reaches
 * for it: until then `Trigger` draws the same button. Hover or focus starts the download; the first click mounts
 * the widget opened (`openOnMount`), which takes the focus back to its own button.
 */
export function loadOnFirstUse<P extends object>(
  load: () => Promise<{ default: ComponentType<P & { openOnMount: boolean }> }>,
  Trigger: ComponentType<P & TriggerProps>,
) {
  const Widget = lazy(load);
  const preload = () => void load().catch(() => undefined);
  return function OnFirstUse(props: P) {
    const [isWanted, setWanted] = useState(false);
    const trigger = <Trigger {...props} onClick={() => setWanted(true)} onPointerEnter={preload} onFocus={preload} />;
    if (!isWanted) return trigger;
    return (
      <Suspense fallback={trigger}>
        <Widget {...props} openOnMount />
      </Suspense>
    );
  };
}
