import { describe, expect, it } from 'vitest';
import {
  announcementHeading,
  clockHandAngles,
  formatClockTime,
  motivationalLines,
  motivationFor,
} from './home-rules.ts';

describe('motivationFor', () => {
  it('has seven different lines', () => {
    expect(new Set(motivationalLines).size).toBe(7);
  });

  it.each([
    // 22 to 28 November 2026 run Sunday to Saturday.
    [22, 0],
    [23, 1],
    [24, 2],
    [25, 3],
    [26, 4],
    [27, 5],
    [28, 6],
  ])('gives 2026-11-%i the line of weekday %i', (day, weekday) => {
    expect(motivationFor(new Date(2026, 10, day, 9))).toBe(motivationalLines[weekday]);
  });

  it('keeps the line all day long', () => {
    expect(motivationFor(new Date(2026, 10, 23, 0, 0))).toBe(motivationFor(new Date(2026, 10, 23, 23, 59)));
  });
});

describe('announcementHeading (spec part 1 §2)', () => {
  it.each([
    [true, 'home', 'NOTICE BOARD'],
    [true, 'list', 'Notice Board'],
    [false, 'home', 'ANNOUNCEMENT'],
    [false, 'list', 'Announcement'],
  ] as const)('school %s on %s reads %s', (isSchool, on, heading) => {
    expect(announcementHeading(isSchool, on)).toBe(heading);
  });
});

describe('clock', () => {
  it('points the hands at 3:00:00', () => {
    expect(clockHandAngles(new Date(2026, 10, 21, 15, 0, 0))).toEqual({ hour: 90, minute: 0, second: 0 });
  });

  it('moves the hour and minute hands smoothly', () => {
    expect(clockHandAngles(new Date(2026, 10, 21, 9, 30, 30))).toEqual({ hour: 285.25, minute: 183, second: 180 });
  });

  it.each([
    [0, 5, 9, '12:05:09 AM'],
    [9, 0, 0, '09:00:00 AM'],
    [12, 0, 1, '12:00:01 PM'],
    [23, 59, 59, '11:59:59 PM'],
  ])('reads %i:%i:%i as %s', (hour, minute, second, text) => {
    expect(formatClockTime(new Date(2026, 10, 21, hour, minute, second))).toBe(text);
  });
});
