import { describe, expect, it } from 'vitest';
import {
  describeRowProblems,
  parseDate,
  parseFlag,
  parseInstant,
  singleLineProblem,
  splitList,
} from './admin-rules.ts';

describe('parseDate', () => {
  it.each([
    ['2026-06-01', '2026-06-01'],
    ['01-06-2026', '2026-06-01'],
    ['1/6/2026', '2026-06-01'],
    ['01.06.2026', '2026-06-01'],
    [' 29-02-2028 ', '2028-02-29'],
  ])('reads %s as %s', (text, iso) => expect(parseDate(text)).toBe(iso));

  it.each(['29-02-2027', '2026-13-01', '31-04-2026', '06/01/26', 'tomorrow', ''])('refuses %s', (text) =>
    expect(parseDate(text)).toBeUndefined(),
  );
});

describe('parseInstant', () => {
  const ist = 330;
  it('reads a local date and time of the institute', () => {
    expect(parseInstant('01-06-2026 09:30', ist)?.toISOString()).toBe('2026-06-01T04:00:00.000Z');
    expect(parseInstant('2026-06-01T09:30', ist)?.toISOString()).toBe('2026-06-01T04:00:00.000Z');
  });
  it('takes an ISO instant with its own offset as it is', () => {
    expect(parseInstant('2026-06-01T04:00:00Z', ist)?.toISOString()).toBe('2026-06-01T04:00:00.000Z');
  });
  it('reads a date alone as the start of that day', () => {
    expect(parseInstant('01-06-2026', ist)?.toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });
  it('refuses impossible times', () => expect(parseInstant('01-06-2026 24:10', ist)).toBeUndefined());
});

describe('parseFlag and splitList', () => {
  it('reads the yes/no forms spreadsheets use', () => {
    expect(['Yes', 'y', 'TRUE', '1'].map(parseFlag)).toEqual([true, true, true, true]);
    expect(['No', 'n', 'false', '0'].map(parseFlag)).toEqual([false, false, false, false]);
    expect(parseFlag('maybe')).toBeUndefined();
  });
  it('splits a list on | and drops blanks', () => expect(splitList(' S1 | S2 ||')).toEqual(['S1', 'S2']));
});

describe('describeRowProblems', () => {
  it('names the row, the field and the rule, and counts what it leaves out', () => {
    const problems = Array.from({ length: 3 }, (_, row) => ({ row, field: 'name', rule: 'is required' }));
    expect(describeRowProblems(problems, 2)).toBe('row 0, name: is required; row 1, name: is required; and 1 more');
  });
});

describe('singleLineProblem', () => {
  it.each([
    ['a line feed', 'Evil Name\nAmount Paid: Rs 0.00', 'a line break (U+000A)'],
    ['a carriage return', 'Cash\rRefund approved', 'a line break (U+000D)'],
    ['a tab', 'Cash\tUPI', 'a tab (U+0009)'],
    ['a bell (C0)', 'Asha\u0007', 'a control character (U+0007)'],
    ['DEL', 'Asha\u007f', 'a control character (U+007F)'],
    ['next line (C1)', 'Asha\u0085Verma', 'a line break (U+0085)'],
    ['a line separator', 'Asha\u2028Verma', 'a line break (U+2028)'],
    ['a left-to-right mark', 'Asha\u200e', 'a text-direction character (U+200E)'],
    ['a right-to-left mark', 'Asha\u200f', 'a text-direction character (U+200F)'],
    ['a right-to-left override', 'Cash\u202eevorppa', 'a text-direction character (U+202E)'],
    ['a left-to-right embedding', 'Cash\u202a', 'a text-direction character (U+202A)'],
    ['a first-strong isolate', 'Cash\u2068', 'a text-direction character (U+2068)'],
    ['a pop directional isolate', 'Cash\u2069', 'a text-direction character (U+2069)'],
  ])('refuses %s, naming it', (_name, text, found) => {
    expect(singleLineProblem(text)).toBe(
      `must be on one line: no line breaks, tabs, control or text-direction characters (found ${found})`,
    );
  });

  it.each(['Asha Verma', 'Cash', 'GV-2026-0001', 'Ravi Kumar (Jr.)', 'आशा वर्मा', 'محمد علي', 'Zoë Ñúñez', ''])(
    'takes %j',
    (text) => expect(singleLineProblem(text)).toBeUndefined(),
  );
});
