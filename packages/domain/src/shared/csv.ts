// CSV the project writes (an import's first passwords, and any export after it) goes through these, so a cell
// cannot become a spreadsheet formula. OWASP's CSV injection advice: a cell starting with = + - @, a tab or a
// carriage return gets a leading single quote (spreadsheets then show it as text), and a cell with a quote,
// comma or line break is quoted with its quotes doubled.

/** First characters that make a spreadsheet read a cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell: `value` as text, a formula start neutralised with a leading `'` and the cell quoted when it needs
 * to be. The cost: an id or phone written as `+91…` reads back as `'+91…`.
 */
export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return text !== value || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (without its line break): the cells through `csvCell`, joined by commas. */
export function csvLine(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}
