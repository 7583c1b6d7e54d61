import { describe, expect, it } from 'vitest';
import { findLineBreakingCharacter, stripLineBreakingCharacters, toOneLine } from './text.ts';

describe('toOneLine', () => {
  it.each([
    ['Evil Name\nAmount Paid: Rs 0.00', 'Evil Name Amount Paid: Rs 0.00'],
    ['Cash\r\nRefund approved', 'Cash Refund approved'],
    ['Cash\tUPI', 'Cash UPI'],
    ['Asha\u0085Verma\u2028Rao', 'Asha Verma Rao'],
    ['Cash\u202eevorppa\u202c', 'Cashevorppa'],
    ['\u2066Ravi\u2069 Kumar\u200e', 'Ravi Kumar'],
    ['Evil Name          Amount', 'Evil Name Amount'],
    ['आशा वर्मा', 'आशा वर्मा'],
    ['محمد علي', 'محمد علي'],
  ])('prints %j as %j', (text, line) => expect(toOneLine(text)).toBe(line));
});

describe('findLineBreakingCharacter and stripLineBreakingCharacters', () => {
  it('find and drop controls and direction marks, and keep every letter', () => {
    expect(findLineBreakingCharacter('Asha\u0007 Verma\n')).toBe('\u0007');
    expect(findLineBreakingCharacter('Zoë Ñúñez, आशा, محمد')).toBeUndefined();
    expect(stripLineBreakingCharacters('a\u0000b\u009f\u202ec\u2029d')).toBe('abcd');
  });
});
