import { stripTags } from '@campus/domain/shared/text';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

let purifier: Purifier | undefined;

/**
 * Announcement HTML comes from institute staff and is shown as markup: only plain formatting survives, never
 * scripts, handlers or forms. Where the sanitiser cannot run, the text alone is shown.
 */
export function sanitiseHtml(html: string): string {
  purifier ??= DOMPurify(window);
  if (!purifier.isSupported) {
    const box = document.createElement('div');
    box.textContent = stripTags(html);
    return box.innerHTML;
  }
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
