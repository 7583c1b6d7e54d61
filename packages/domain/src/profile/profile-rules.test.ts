import { describe, expect, it } from 'vitest';
import { displayDob, displayProfileValue, maskAadhar, sniffImageType, validateDob } from './profile-rules.ts';

const today = '2026-11-21';

describe('validateDob (spec part 1 §5)', () => {
  it.each([
    [30, 2, 2024, 'Selected year Have 29 Days In February'],
    [31, 2, 2000, 'Selected year Have 29 Days In February'],
    [29, 2, 2023, 'Selected year Have 28 Days In February'],
    [29, 2, 1900 + 100 + 1, 'Selected year Have 28 Days In February'],
    [31, 4, 2010, 'Month Selected Have Only 30 Days'],
    [31, 6, 2010, 'Month Selected Have Only 30 Days'],
    [31, 9, 2010, 'Month Selected Have Only 30 Days'],
    [31, 11, 2010, 'Month Selected Have Only 30 Days'],
    [22, 11, 2026, "Selected Date Can't Be Greater Than Current Date"],
    [1, 12, 2026, "Selected Date Can't Be Greater Than Current Date"],
    [1, 1, 1969, 'Something Went Wrong,Please Try Again'],
    [1, 1, 2027, 'Something Went Wrong,Please Try Again'],
    [0, 1, 2000, 'Something Went Wrong,Please Try Again'],
    [1, 13, 2000, 'Something Went Wrong,Please Try Again'],
    [1.5, 1, 2000, 'Something Went Wrong,Please Try Again'],
  ])('%i-%i-%i reads %j', (day, month, year, message) => {
    expect(validateDob(day, month, year, today)).toBe(message);
  });

  it.each([
    [29, 2, 2024],
    [29, 2, 2000],
    [28, 2, 2023],
    [30, 4, 2010],
    [31, 12, 1970],
    [21, 11, 2026],
    [1, 1, 1970],
  ])('accepts %i-%i-%i', (day, month, year) => {
    expect(validateDob(day, month, year, today)).toBeUndefined();
  });

  it('treats 2000 (divisible by 400) as a leap year', () => {
    expect(validateDob(29, 2, 2000, today)).toBeUndefined();
  });
});

describe('profile display rules', () => {
  it.each([
    [null, '-'],
    ['', '-'],
    ['  ', '-'],
    [0, '-'],
    ['-1', '-'],
    [-1, '-'],
    ['Hindi', 'Hindi'],
    [12, '12'],
  ])('%j shows %j', (value, shown) => {
    expect(displayProfileValue(value)).toBe(shown);
  });

  it('shows dob as DD-MM-YYYY and the 1900-01-01 placeholder as -', () => {
    expect(displayDob('2011-03-09')).toBe('09-03-2011');
    expect(displayDob('1900-01-01')).toBe('-');
    expect(displayDob(null)).toBe('-');
  });

  it('masks all but the last 4 Aadhar digits', () => {
    expect(maskAadhar('1234 5678 9012')).toBe('XXXX-XXXX-9012');
    expect(maskAadhar('')).toBe('-');
  });
});

describe('sniffImageType', () => {
  it('recognises images by content, not name', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('<html><script>'))).toBeUndefined();
  });
});
