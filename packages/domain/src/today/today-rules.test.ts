import { describe, expect, it } from 'vitest';
import {
  attendanceWord,
  dueWord,
  feeDueWord,
  isHomeworkPending,
  isNewOnToday,
  isTestToTake,
  todayWindows,
} from './today-rules.ts';

const kolkata = 'Asia/Kolkata';
/** A Kolkata wall-clock time on a date, as an instant (+05:30). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

describe('todayWindows', () => {
  it.each([
    // now (Kolkata)              today         day starts (UTC)           homework to (UTC)          fees to       new since date
    [
      at('2026-11-23', '09:00'),
      '2026-11-23',
      '2026-11-22T18:30:00.000Z',
      '2026-11-24T18:30:00.000Z',
      '2026-11-29',
      '2026-11-17',
    ],
    // Just after local midnight: already the next day in the institute, still the day before in UTC.
    [
      at('2026-11-24', '00:10'),
      '2026-11-24',
      '2026-11-23T18:30:00.000Z',
      '2026-11-25T18:30:00.000Z',
      '2026-11-30',
      '2026-11-18',
    ],
    // The last minute of the day; the week runs over the month's end.
    [
      at('2026-11-30', '23:59'),
      '2026-11-30',
      '2026-11-29T18:30:00.000Z',
      '2026-12-01T18:30:00.000Z',
      '2026-12-06',
      '2026-11-24',
    ],
  ])('at %s the day is %s', (now, today, dayFrom, homeworkTo, feeTo, newSinceDate) => {
    const windows = todayWindows(now, kolkata);
    expect(windows.today).toBe(today);
    expect(windows.dayFrom.toISOString()).toBe(dayFrom);
    expect(windows.dayTo.getTime() - windows.dayFrom.getTime()).toBe(86_400_000);
    expect(windows.homeworkTo.toISOString()).toBe(homeworkTo);
    expect(windows.feeTo).toBe(feeTo);
    expect(windows.newSinceDate).toBe(newSinceDate);
    expect(now.getTime() - windows.newSince.getTime()).toBe(7 * 86_400_000);
  });

  it('counts the day in the institute’s zone, not UTC', () => {
    // 20:00 UTC on the 23rd is 01:30 on the 24th in Kolkata and 15:00 on the 23rd in New York.
    const now = new Date('2026-11-23T20:00:00Z');
    expect(todayWindows(now, kolkata).today).toBe('2026-11-24');
    expect(todayWindows(now, 'America/New_York').today).toBe('2026-11-23');
  });
});

describe('isNewOnToday', () => {
  const now = at('2026-11-23', '09:00');
  it.each([
    [at('2026-11-23', '08:59'), true],
    [at('2026-11-23', '09:00'), true],
    [at('2026-11-16', '09:01'), true],
    [at('2026-11-16', '09:00'), false],
    [at('2026-11-01', '09:00'), false],
    // Dated ahead: not out yet.
    [at('2026-11-23', '09:01'), false],
  ])('%s: %s', (instant, isNew) => {
    expect(isNewOnToday(instant, now)).toBe(isNew);
  });
});

describe('isTestToTake', () => {
  it.each([
    [0, 0, true],
    [0, 1, true],
    [1, 0, false],
    [2, 0, false],
    [1, 1, true],
  ])('%i submitted, %i running: %s', (submitted, running, listed) => {
    expect(isTestToTake(submitted, running)).toBe(listed);
  });
});

describe('isHomeworkPending', () => {
  it.each([
    [null, true],
    ['Draft', true],
    ['Submitted', false],
  ])('%s: %s', (status, pending) => {
    expect(isHomeworkPending(status)).toBe(pending);
  });
});

describe('attendanceWord', () => {
  const starts = at('2026-11-23', '10:00');
  it.each([
    ['P', at('2026-11-23', '11:00'), 'Present'],
    ['A', at('2026-11-23', '11:00'), 'Absent'],
    ['L', at('2026-11-23', '11:00'), 'Marked L'],
    [null, at('2026-11-23', '09:59'), 'Upcoming'],
    [null, at('2026-11-23', '10:00'), 'Not marked'],
    [null, at('2026-11-23', '15:00'), 'Not marked'],
  ])('%s at %s: %s', (status, now, word) => {
    expect(attendanceWord(status, starts, now)).toBe(word);
  });
});

describe('dueWord and feeDueWord', () => {
  it.each([
    ['2026-11-23', 'Due today 05:00 PM', 'Due today'],
    ['2026-11-24', 'Due tomorrow 05:00 PM', 'Due tomorrow'],
    ['2026-11-27', 'Due 27-11-2026 05:00 PM', 'Due on 27-11-2026'],
  ])('%s', (date, homework, fee) => {
    expect(dueWord(date, '05:00 PM', '2026-11-23')).toBe(homework);
    expect(feeDueWord(date, '2026-11-23')).toBe(fee);
  });
});
