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

/**
 * Characters that end a line or change the direction text is shown in: C0 controls (line feed, carriage return,
 * tab…), DEL and C1 controls (U+0085 next line among them), the line and paragraph separators U+2028/9, and the
 * bidirectional formatting characters U+200E/F, U+202A–U+202E, U+2066–U+2069 (they show text in another order than
 * it is stored: "invoice\u202Efdp.exe" reads "invoiceexe.pdf"). Letters of right-to-left scripts are not among them.
 */
// eslint-disable-next-line no-control-regex
const lineBreaking = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const firstLineBreaking = new RegExp(lineBreaking.source);
// eslint-disable-next-line no-control-regex
const lineEnding = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The first control, line-separating or text-direction character of a text, or undefined when it has none. */
export function findLineBreakingCharacter(text: string): string | undefined {
  return firstLineBreaking.exec(text)?.[0];
}

/** How a character found by findLineBreakingCharacter is named to a person: `a line break (U+000A)`. */
export function describeLineBreakingCharacter(character: string): string {
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const kind =
    character === '\t'
      ? 'a tab'
      : /[\n\r\v\f\u0085\u2028\u2029]/.test(character)
        ? 'a line break'
        : lineEnding.test(character)
          ? 'a control character'
          : 'a text-direction character';
  return `${kind} (${code})`;
}

/** The text without its control, line-separating and text-direction characters (a stored file name). */
export const stripLineBreakingCharacters = (text: string) => text.replace(lineBreaking, '');

/**
 * The text as one line, to print where a line of its own would pass for another fact (a receipt's "Student" beside
 * "Amount Paid"): line breaks, tabs and other controls become a space, text-direction characters go, and runs of
 * spaces fold into one.
 */
export function toOneLine(text: string): string {
  return text
    .replace(lineBreaking, (character) => (lineEnding.test(character) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();
}
