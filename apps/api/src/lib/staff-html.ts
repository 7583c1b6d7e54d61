import sanitizeHtml from 'sanitize-html';

/**
 * Staff-written HTML (notices, assignment descriptions) reduced to plain formatting before it leaves the server:
 * no scripts, handlers, forms, frames or inline styles (styles could lay the text over the rest of the page), links
 * only to web, mail and phone addresses. The browser shows the result as it is, under a CSP without inline scripts.
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

// The same few notices are read by every student of a section: remember the last answers.
const cache = new Map<string, string>();
const cacheSize = 500;

export function sanitiseStaffHtml(html: string): string {
  const known = cache.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, options);
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
  cache.set(html, clean);
  return clean;
}
