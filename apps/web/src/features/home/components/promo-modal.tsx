import { CloseButton, Image } from '@mantine/core';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';

// Drawn as Mantine's Modal draws it (centered, size lg, its overlay, header and body), without Mantine's modal stack
// (focus trap, scroll area, scroll lock, overlay, portal: 17 KB of script): the pop-up opens by itself on the first
// visit, so that code went to every first visit of the dashboard (issue 28: 168 KB of script there). The dialog has
// one thing to focus, its Close button, which makes the focus trap, the scroll lock and Escape a few lines here. A
// native <dialog> was tried in session 8: headless Chromium did not paint its backdrop at phone widths.
const overlay: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 200,
  background: 'rgba(0, 0, 0, 0.6)',
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  padding: '5dvh 5vw',
};
const content: CSSProperties = {
  flex: '0 0 38.75rem',
  maxWidth: '100%',
  maxHeight: '90dvh',
  overflowY: 'auto',
  background: 'var(--mantine-color-body)',
  borderRadius: 'var(--mantine-radius-default)',
  boxShadow: 'var(--mantine-shadow-xl)',
};
const header: CSSProperties = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  minHeight: '3.75rem',
  padding: 'var(--mantine-spacing-md)',
  paddingInlineEnd: 'calc(var(--mantine-spacing-md) - 0.3125rem)',
};
const title: CSSProperties = { margin: 0, lineHeight: 1, fontWeight: 400, fontSize: 'var(--mantine-font-size-md)' };
const body: CSSProperties = { padding: 'var(--mantine-spacing-md)', paddingTop: 0 };

/** The promotional pop-up itself; loaded only for the one visit that shows it. */
export default function PromoModal({ url, isOpen, onClose }: { url: string; isOpen: boolean; onClose: () => void }) {
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!isOpen) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    // The page behind does not scroll while the pop-up is up.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      // Close is the dialog's only stop: Tab and Shift+Tab stay on it.
      if (event.key === 'Tab') {
        event.preventDefault();
        closeButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return createPortal(
    // A click on the dimmed page closes it, as on Mantine's overlay; the dialog's own clicks do not.
    <div style={overlay} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <section role="dialog" aria-modal="true" aria-labelledby={titleId} style={content}>
        <header style={header}>
          <h2 id={titleId} style={title}>
            Promotion
          </h2>
          {/* 44 px: a finger's target on a phone (the icon keeps its 20 px). */}
          <CloseButton ref={closeButton} onClick={onClose} aria-label="Close" size="xl" iconSize={20} />
        </header>
        <div style={body}>
          {/* A square box held before the picture arrives (the dialog would grow and shift); other shapes fit inside. */}
          <Image
            src={url}
            alt="Promotion from your institute"
            radius="md"
            fit="contain"
            style={{ aspectRatio: '1 / 1' }}
          />
        </div>
      </section>
    </div>,
    document.body,
  );
}
