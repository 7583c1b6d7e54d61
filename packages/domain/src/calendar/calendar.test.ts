import { describe, expect, it } from 'vitest';
import {
  academicYearOf,
  addDays,
  dateInZone,
  endOfDayInZone,
  formatInZone,
  isTimeZone,
  monthRange,
  yearRange,
} from './calendar.ts';

describe('dateInZone', () => {
  it('gives the Indian date when it is already the next day in Kolkata', () => {
    expect(dateInZone(new Date('2026-11-21T19:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-11-21T19:00:00Z'), 'UTC')).toBe('2026-11-21');
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses anything else a header could carry', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    for (const bad of ['', 'Mars/Olympus', 'Asia/Kolkata; DROP TABLE', 'x'.repeat(65)])
      expect(isTimeZone(bad)).toBe(false);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('academicYearOf', () => {
  it('starts the year in April', () => {
    expect(academicYearOf('2026-11-21')).toEqual({ name: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31' });
    expect(academicYearOf('2027-03-31').name).toBe('2026-27');
    expect(academicYearOf('2027-04-01').name).toBe('2027-28');
  });

  it('reaches earlier years by offset', () => {
    expect(academicYearOf('2026-11-21', -1)).toEqual({
      name: '2025-26',
      startDate: '2025-04-01',
      endDate: '2026-03-31',
    });
  });
});

describe('endOfDayInZone', () => {
  it('ends a Kolkata day at 18:30 UTC', () => {
    expect(endOfDayInZone(new Date('2026-11-21T06:30:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-21T18:30:00.000Z',
    );
  });
  it('uses the zone date, not the UTC date', () => {
    // 20:00 UTC is already 01:30 on the 22nd in Kolkata.
    expect(endOfDayInZone(new Date('2026-11-21T20:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-22T18:30:00.000Z',
    );
  });
  it('handles a zone with daylight saving', () => {
    // New York, 2026-03-08 is the day clocks go forward; the next midnight is at UTC-4.
    expect(endOfDayInZone(new Date('2026-03-08T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });
});

describe('formatInZone', () => {
  it('formats the Kolkata date and 12-hour time', () => {
    expect(formatInZone(new Date('2026-11-21T11:05:00Z'), 'Asia/Kolkata')).toEqual({
      date: '21-11-2026',
      time: '04:35 PM',
    });
    expect(formatInZone(new Date('2026-11-20T19:00:00Z'), 'Asia/Kolkata')).toEqual({
      date: '21-11-2026',
      time: '12:30 AM',
    });
  });
});

describe('monthRange and yearRange', () => {
  it('knows the days of a month, leap years included', () => {
    expect(monthRange(2026, 11)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('knows the first and last day of a year', () => {
    expect(yearRange(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});
