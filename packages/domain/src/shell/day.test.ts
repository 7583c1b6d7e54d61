import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, greetingFor, isSessionDayOver } from './day.ts';

const at = (hour: number, minute = 0) => new Date(2026, 10, 21, hour, minute);

describe('greetingFor', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [16, 'Good Afternoon'],
    [17, 'Good Evening'],
    [23, 'Good Evening'],
  ])('at %i:00 says %s', (hour, greeting) => {
    expect(greetingFor(at(hour))).toBe(greeting);
  });
});

describe('isSessionDayOver', () => {
  it('keeps a session signed in today', () => {
    expect(isSessionDayOver('21-11-2026', at(23, 59))).toBe(false);
  });
  it('ends a session signed in yesterday', () => {
    expect(isSessionDayOver('20-11-2026', at(0, 1))).toBe(true);
  });
  it('ends a session without a login date', () => {
    expect(isSessionDayOver(null, at(9))).toBe(true);
  });
  it('formats DD-MM-YYYY', () => {
    expect(formatDayMonthYear(new Date(2027, 0, 5))).toBe('05-01-2027');
  });
});
