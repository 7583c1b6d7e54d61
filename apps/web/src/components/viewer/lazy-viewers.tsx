import { createElement } from 'react';
import { preload, retryingLoader, useLoaded } from '../../lib/on-demand.ts';
import type { ViewerItem } from './viewer-item.ts';

// The viewer and the Vimeo download list of the two lists of documents (the study library, My Documents) load when
// first opened, or at the first tap on such a list (preload.ts), not with the list: with the dialogs' code and
// Mantine's Table they were 5.3 KB of /studymaterial's script (issue 28: over 150 KB), and a tap on a course, a
// topic or the list comes before the tap on View.
const overlay = retryingLoader(async () => (await import('./viewer-overlay.tsx')).ViewerOverlay);
const vimeoLinks = retryingLoader(async () => (await import('./vimeo-links-modal.tsx')).VimeoLinksModal);

/** Starts fetching both (a failed fetch is tried again when one opens). */
export function preloadViewers(): void {
  preload(overlay);
  preload(vimeoLinks);
}

/**
 * The viewer overlay (viewer-overlay.tsx), the same props; nothing until its first opening has loaded it, then kept
 * mounted so its closing keeps its transition.
 */
export function ViewerOverlay(props: { item: ViewerItem | null; onClose: () => void }) {
  const loaded = useLoaded(overlay, props.item !== null);
  return loaded ? createElement(loaded, props) : null;
}

/** The Vimeo download list (vimeo-links-modal.tsx), the same props, loaded as the viewer is. */
export function VimeoLinksModal(props: { videoId: string | null; onClose: () => void }) {
  const loaded = useLoaded(vimeoLinks, props.videoId !== null);
  return loaded ? createElement(loaded, props) : null;
}
