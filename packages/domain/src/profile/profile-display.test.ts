import { describe, expect, it } from 'vitest';
import {
  checkPhoto,
  displayAddress,
  displayDate,
  dobYears,
  photoMessages,
  profileLabels,
  toIsoDate,
} from './profile-display.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('profileLabels (spec part 1 §1)', () => {
  it('names school fields Standard, Section, Roll No and Father', () => {
    expect(profileLabels(true)).toEqual({
      standard: 'Standard',
      section: 'Section',
      parent: 'Father',
      rollNo: 'Roll No',
    });
  });

  it('names coaching fields Course Name, Batch Name and Parent', () => {
    expect(profileLabels(false)).toEqual({
      standard: 'Course Name',
      section: 'Batch Name',
      parent: 'Parent',
      rollNo: undefined,
    });
  });
});

describe('displayAddress', () => {
  it('shows the first 100 characters of a long address', () => {
    const address = 'A'.repeat(100) + 'B'.repeat(19);
    expect(displayAddress(address)).toBe('A'.repeat(100));
  });

  it('shows a short address whole and a blank one as -', () => {
    expect(displayAddress('14, Green Park Society')).toBe('14, Green Park Society');
    expect(displayAddress('')).toBe('-');
  });
});

describe('displayDate', () => {
  it('shows YYYY-MM-DD as DD-MM-YYYY, keeps other text and shows blanks as -', () => {
    expect(displayDate('2026-05-05')).toBe('05-05-2026');
    expect(displayDate('01-04-2024')).toBe('01-04-2024');
    expect(displayDate('')).toBe('-');
    expect(displayDate(null)).toBe('-');
  });
});

describe('dobYears', () => {
  it('runs from 1970 to the current year', () => {
    const years = dobYears('2026-11-21');
    expect(years[0]).toBe(1970);
    expect(years.at(-1)).toBe(2026);
    expect(years).toHaveLength(57);
  });
});

describe('toIsoDate', () => {
  it('pads day and month', () => {
    expect(toIsoDate(9, 3, 2011)).toBe('2011-03-09');
  });
});

describe('checkPhoto', () => {
  it('accepts an image of up to 2 MB', () => {
    expect(checkPhoto(png, 2 * 1024 * 1024)).toBeUndefined();
  });

  it('refuses a larger image', () => {
    expect(checkPhoto(png, 2 * 1024 * 1024 + 1)).toBe(photoMessages.tooLarge);
  });

  it('refuses what is not an image, whatever its name', () => {
    expect(checkPhoto(new TextEncoder().encode('%PDF-1.7'), 100)).toBe(photoMessages.notImage);
  });
});
