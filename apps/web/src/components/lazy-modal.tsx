import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const MantineModal = lazy(() => import('./mantine-modal.ts'));

/**
 * Mantine's Modal, whose code (focus trap, scroll lock, overlay, portal, scroll area: ~10 KB compressed) loads when a
 * dialog first opens rather than with every screen that might show one (issue 18: script weight on a phone). Until
 * then it renders nothing, as a closed Modal does; once loaded it stays mounted, so later openings and closings
 * keep their transitions. The same props as Mantine's.
 */
export function Modal(props: ModalProps) {
  const [isWanted, setWanted] = useState(props.opened);
  if (props.opened && !isWanted) setWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}
