/** The marker a logout message uses to carry a link (spec part 1 §4: ': app_link :'). */
const appLinkMarker = /\s*:\s*app_link\s*:\s*/;

/** A logout message split into the text to show and, when it carries one, a safe http(s) link. */
export interface LogoutMessage {
  text: string;
  link?: string;
}

/**
 * Reads a logout message such as `Please use the new app : app_link : https://example.com/app` into its text and
 * link. A link without a scheme gets https; anything that is not http(s) is dropped rather than made clickable.
 */
export function parseLogoutMessage(message: string): LogoutMessage {
  const [text = '', ...rest] = message.split(appLinkMarker);
  if (rest.length === 0) return { text: message };
  const raw = rest.join(' ').trim();
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  // Only http(s) with a host and no spaces, quotes or angle brackets becomes a link.
  const isWebLink = /^https?:\/\/[^\s/?#"'<>]+[^\s"'<>]*$/i.test(candidate);
  return isWebLink ? { text: text.trim(), link: candidate } : { text: text.trim() };
}
