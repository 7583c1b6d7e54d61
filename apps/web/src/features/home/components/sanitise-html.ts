import { stripTags } from '@campus/domain/shared/text';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

let purifier: Purifier | undefined;

function createPurifier(): Purifier {
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    // Pictures inside a notice carry no description of their own: decorative to a screen reader.
    if (node.nodeName === 'IMG' && !(node as Element).hasAttribute('alt')) (node as Element).setAttribute('alt', '');
  });
  return created;
}

/**
 * Chromium reports a CSP violation for every inline event handler it parses, even in the inert document the
 * sanitiser parses into. Renaming them first keeps the console clean; the sanitiser drops them either way.
 */
const defuseHandlers = (html: string) =>
  html.replace(/<[^>]+>/g, (tag) => tag.replace(/([\s/])on([a-z]+\s*=)/gi, '$1data-defused-$2'));

/**
 * Announcement HTML comes from institute staff and is shown as markup: only plain formatting survives, never
 * scripts, handlers or forms. Where the sanitiser cannot run, the text alone is shown.
 */
export function sanitiseHtml(html: string): string {
  purifier ??= createPurifier();
  if (!purifier.isSupported) {
    const box = document.createElement('div');
    box.textContent = stripTags(html);
    return box.innerHTML;
  }
  return purifier.sanitize(defuseHandlers(html), {
    USE_PROFILES: { html: true },
    ALLOW_DATA_ATTR: false,
    // Inline styles could lay a notice over the rest of the page; plain markup is enough for a notice.
    FORBID_ATTR: ['style'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
