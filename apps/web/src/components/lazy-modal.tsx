import type { Modal as MantineModal, ModalProps } from '@mantine/core';
import { createElement } from 'react';
import { onFirstInput, preload, retryingLoader, useLoaded } from '../lib/on-demand.ts';

const loadModal = retryingLoader<typeof MantineModal>(async () => (await import('./mantine-modal.ts')).default);

/** Starts fetching the dialogs' code now, for a screen whose dialogs may open on an answer that comes offline. */
export const preloadModal = () => preload(loadModal);

// A dialog follows something the person did: its code starts loading at the first pointer or key press, so it is
// there when the answer that opens it arrives, even if the connection dropped in between (the login's 'Network
// Error' Alert).
if (typeof window !== 'undefined') onFirstInput(preloadModal);

/**
 * Mantine's Modal, whose code (focus trap, scroll lock, overlay, portal: ~10 KB compressed) loads with the first
 * input or the first opening rather than with every screen that might show a dialog (issue 18: script weight on a
 * phone). Until it has arrived it renders nothing, as a closed Modal does; then it stays mounted, so later openings
 * and closings keep their transitions. The same props as Mantine's.
 */
export function Modal(props: ModalProps) {
  const modal = useLoaded(loadModal, props.opened);
  // Mantine's Modal itself, the same component at every render once it has arrived.
  return modal ? createElement(modal, props) : null;
}
