import sanitizeHtml from 'sanitize-html';
import { BoundedCache } from './bounded-cache.ts';

/**
 * Staff-written HTML (notices, assignment descriptions, and a test paper's questions, passages, options and
 * solutions) reduced to plain formatting: no scripts, handlers, forms, frames, `meta` (a refresh moves the window
 * to another site) or `base` (every link would resolve elsewhere), no inline styles (a `position: fixed` link laid
 * over the whole page takes the next click), links only to web, mail and phone addresses. The one sanitiser for
 * all staff HTML: the admin API and the CSV import store what it answers, and every route that sends such HTML runs
 * it again (a row may have been written some other way). The browser shows the result as it is, under a CSP
 * without inline scripts.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'u', 's', 'del', 'ins', 'sub', 'sup', 'font'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link opened from a notice gets no handle on the portal's window.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { target: '_blank' } : {}), rel: 'noopener noreferrer' },
    }),
    // Pictures in staff-written text carry no description of their own: decorative to a screen reader.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
  },
};

// The same few notices and papers are read by every student of a section (a paper is hundreds of strings, a
// class opens it at once): remember the last answers, up to a budget of characters, the least recently used going
// first.
const cache = new BoundedCache<string, string>({
  max: 50_000,
  maxSize: 4_000_000,
  sizeOf: (clean, html) => html.length + clean.length,
});

/** Staff-written HTML as it may be stored and shown (the allow-list above). */
export function sanitiseStaffHtml(html: string): string {
  const known = cache.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, options);
  cache.set(html, clean);
  return clean;
}

/** A question's options or matching column (letter and HTML text), each text sanitised. */
export const sanitiseLetteredHtml = <T extends { text: string }>(items: readonly T[]): T[] =>
  items.map((item) => ({ ...item, text: sanitiseStaffHtml(item.text) }));
