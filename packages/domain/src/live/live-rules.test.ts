import { describe, expect, it } from 'vitest';
import {
  checkPastRange,
  countdownLabel,
  cutLiveName,
  defaultPastRange,
  groupLiveClasses,
  isWithinNextWeek,
  liveMessages,
  liveState,
  liveStateLabel,
  matchesLiveSearch,
  mayStartSession,
  pastCountLine,
  sizeInMb,
} from './live-rules.ts';

const start = new Date('2026-11-23T04:30:00Z');
const end = new Date('2026-11-23T05:30:00Z');

describe('liveState', () => {
  it('counts down before the start, is Ongoing from the start, ended at the end', () => {
    expect(liveState(start, end, new Date(start.getTime() - 65_000))).toEqual({ kind: 'countdown', msLeft: 65_000 });
    expect(liveStateLabel(liveState(start, end, start))).toBe('Ongoing');
    expect(liveState(start, end, end)).toEqual({ kind: 'ended' });
    expect(liveStateLabel({ kind: 'ended' })).toBe('');
  });
  it('labels the countdown by its size', () => {
    expect(countdownLabel(65_000)).toBe('Starts in 01:05');
    expect(countdownLabel(2 * 3_600_000 + 5 * 60_000)).toBe('Starts in 2h 05m');
    expect(countdownLabel(3 * 86_400_000 + 4 * 3_600_000)).toBe('Starts in 3d 4h');
  });
});

describe('mayStartSession', () => {
  it('allows from the scheduled start, not a millisecond before', () => {
    expect(mayStartSession(start, new Date(start.getTime() - 1))).toBe(false);
    expect(mayStartSession(start, start)).toBe(true);
    expect(mayStartSession(start, end)).toBe(true);
  });
});

describe('cutLiveName', () => {
  it('cuts at 30 characters', () => {
    expect(cutLiveName('x'.repeat(30))).toBe('x'.repeat(30));
    expect(cutLiveName('Organic chemistry: reaction mechanisms')).toBe('Organic chemistry: reaction me...');
  });
});

describe('groupLiveClasses', () => {
  const items = [
    { date: '2026-11-23', name: 'a' },
    { date: '2026-11-23', name: 'b' },
    { date: '2026-11-24', name: 'c' },
  ];
  it("labels today's group Today and others by day name", () => {
    const groups = groupLiveClasses(items, (item) => item.date, '2026-11-23', 'upcoming');
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ['Today', 2],
      ['Tuesday', 1],
    ]);
  });
  it('uses day names only on the past tab', () => {
    const groups = groupLiveClasses(items, (item) => item.date, '2026-11-23', 'past');
    expect(groups[0]!.label).toBe('Monday');
  });
});

describe('ranges and lists', () => {
  it('defaults the past range to the first of the month through today', () => {
    expect(defaultPastRange('2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });
  it('refuses a start after today with the spec message', () => {
    expect(checkPastRange('2026-11-24', '2026-11-23')).toBe(liveMessages.startAfterToday);
    expect(liveMessages.startAfterToday).toBe('Start Date Should Be Less Then Or Equal To  Current Date .');
    expect(checkPastRange('2026-11-23', '2026-11-23')).toBeNull();
  });
  it('lists the next 7 days on home', () => {
    expect(isWithinNextWeek('2026-11-29', '2026-11-23')).toBe(true);
    expect(isWithinNextWeek('2026-11-30', '2026-11-23')).toBe(false);
    expect(isWithinNextWeek('2026-11-22', '2026-11-23')).toBe(false);
  });
  it('counts the past classes found', () => {
    expect(pastCountLine(4)).toBe('4 past classes found');
  });
  it('searches end time, course, teacher and session name ignoring case', () => {
    const item = {
      endTime: '11:00 AM',
      courseNames: ['Class 10 - A'],
      teacherNames: 'Ravi Kumar',
      sessionName: 'Algebra',
    };
    expect(matchesLiveSearch(item, 'ravi')).toBe(true);
    expect(matchesLiveSearch(item, '11:00')).toBe(true);
    expect(matchesLiveSearch(item, 'class 10')).toBe(true);
    expect(matchesLiveSearch(item, 'ALG')).toBe(true);
    expect(matchesLiveSearch(item, 'physics')).toBe(false);
  });
  it('shows sizes in MB with 2 decimals, a small file as < 0.01 and a file kept by the video host as no size', () => {
    expect(sizeInMb(1_572_864)).toBe('1.50');
    expect(sizeInMb(93_000)).toBe('0.09');
    expect(sizeInMb(1234)).toBe('< 0.01');
    expect(sizeInMb(0)).toBe('');
  });
});
