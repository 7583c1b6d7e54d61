/** Text of an HTML description with the tags removed and whitespace folded. */
export function stripTags(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      // Inline tags vanish (so "<i>word</i>." stays "word."); block tags separate words.
      .replace(/<\/?(a|abbr|b|code|em|i|mark|small|span|strong|sub|sup|u)\b[^>]*>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}
