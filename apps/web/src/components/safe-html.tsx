import { stripTags } from '@campus/domain/shared/text';
import { Box, Typography } from '@mantine/core';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';

let purifier: Purifier | undefined;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Pictures in staff-written text carry no description of their own: decorative to a screen reader.
    if (node.nodeName === 'IMG' && !(node as Element).hasAttribute('alt')) (node as Element).setAttribute('alt', '');
  });
  return purifier;
}

/**
 * Chromium reports a CSP violation for every inline handler it parses, even in the sanitiser's inert document;
 * renaming them first keeps the console clean (the sanitiser drops them either way).
 */
const defuseHandlers = (html: string) =>
  html.replace(/<[^>]+>/g, (tag) => tag.replace(/([\s/])on([a-z]+\s*=)/gi, '$1data-defused-$2'));

/** Staff-written HTML reduced to plain formatting: no scripts, handlers, forms or inline styles. */
export function sanitiseStaffHtml(html: string): string {
  const active = getPurifier();
  if (!active.isSupported) {
    const box = document.createElement('div');
    box.textContent = stripTags(html);
    return box.innerHTML;
  }
  return active.sanitize(defuseHandlers(html), {
    USE_PROFILES: { html: true },
    ALLOW_DATA_ATTR: false,
    // Inline styles could lay the text over the rest of the page.
    FORBID_ATTR: ['style'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

/** Shows staff-written HTML (an assignment description, a notice) after sanitising it. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseStaffHtml(html), [html]);
  return (
    <Typography>
      <Box dangerouslySetInnerHTML={{ __html: clean }} style={{ overflowWrap: 'anywhere' }} />
    </Typography>
  );
}
