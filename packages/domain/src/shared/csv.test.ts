import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain text stays as it is', 'S-1002', 'S-1002'],
    ['a number stays as it is', '9822222222', '9822222222'],
    ['a comma is quoted', 'Pune, MH', '"Pune, MH"'],
    ['a double quote is doubled inside quotes', 'say "hi"', '"say ""hi"""'],
    ['a line break is quoted', 'a\nb', '"a\nb"'],
    ['= starts a formula: quote-prefixed', '=1+1', `"'=1+1"`],
    ['+ starts a formula', '+91 98', `"'+91 98"`],
    ['- starts a formula', '-2+3', `"'-2+3"`],
    ['@ starts a formula', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a tab starts a formula', '\t=1', `"'\t=1"`],
    ['a carriage return starts a formula', '\r=1', `"'\r=1"`],
    ['a formula with quotes and commas', '=HYPERLINK("http://x","a")', `"'=HYPERLINK(""http://x"",""a"")"`],
    ['a formula sign later in the cell is harmless', 'a=b', 'a=b'],
    ['an empty cell stays empty', '', ''],
  ])('%s', (_case, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('csvLine', () => {
  it('joins escaped cells with commas', () => {
    expect(csvLine(['=1', 'a,b', 'c'])).toBe(`"'=1","a,b",c`);
  });
});
