import { loadFailureMessages } from '@campus/domain/shared/http-messages';
import { useState, type ComponentType } from 'react';
import { preload, retryingLoader, useLoaded } from '../lib/on-demand.ts';
import { showToast } from './toast.ts';

/** What a stand-in trigger passes on to the button it draws. */
export interface TriggerProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * A header widget whose code (Mantine's floating layer with floating-ui, ~20 KB) loads when the user first reaches
 * for it: until then `Trigger` draws the same button. Hover or focus starts the download; the first click mounts
 * the widget opened (`openOnMount`), which takes the focus back to its own button. Offline, a click that cannot
 * fetch the code says so and leaves the button as it was; the next click tries again (React.lazy would have sent
 * the failure to the screen's error boundary, replacing the screen for a header button).
 */
export function loadOnFirstUse<P extends object>(
  load: () => Promise<{ default: ComponentType<P & { openOnMount: boolean }> }>,
  Trigger: ComponentType<P & TriggerProps>,
) {
  const loader = retryingLoader(async () => (await load()).default);
  const warm = () => preload(loader);
  const ask = () =>
    void loader().catch(() =>
      showToast(navigator.onLine ? loadFailureMessages.network : loadFailureMessages.offline, 'error'),
    );
  return function OnFirstUse(props: P) {
    const [asks, setAsks] = useState(0);
    const Widget = useLoaded(loader, asks);
    // Loaded already (another page's header used it) is not asked for here: the widget mounts opened, so only a click.
    if (Widget && asks > 0) return <Widget {...props} openOnMount />;
    return (
      <Trigger
        {...props}
        onClick={() => {
          ask();
          setAsks((count) => count + 1);
        }}
        onPointerEnter={warm}
        onFocus={warm}
      />
    );
  };
}
