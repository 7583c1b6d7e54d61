import { describe, expect, it } from 'vitest';
import { instantInZone } from '../calendar/index.ts';
import {
  attendanceNewestFirst,
  attendancePercent,
  canMoveMonth,
  canMoveYear,
  classAttended,
  cut,
  dateBanner,
  defaultMonth,
  durationLabel,
  groupSchedulesByDate,
  holidaysByDate,
  isHolidayEvent,
  includedClassTypes,
  monthGrid,
  onlineClassAction,
  onlineExamStatus,
  placeFromParam,
  placeParam,
  scheduleCountLabel,
  shiftMonth,
  timetableFlags,
  yearTiles,
} from './timetable-rules.ts';

const year2026 = { startDate: '2026-04-01', endDate: '2027-03-31' };

describe('monthGrid', () => {
  it('starts on Sunday and keeps six weeks when the month needs them', () => {
    // May 2026 starts on a Friday and has 31 days: 5 leading blanks + 31 = 36 cells, six weeks.
    const weeks = monthGrid(2026, 5);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
    expect(weeks[5]![0]).toBe('2026-05-31');
    expect(weeks[5]!.slice(1)).toEqual([null, null, null, null, null, null]);
  });

  it('drops trailing empty weeks: November 2026 starts on Sunday and fills five', () => {
    const weeks = monthGrid(2026, 11);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('fits February 2026 (Sunday start, 28 days) in four weeks', () => {
    expect(monthGrid(2026, 2)).toHaveLength(4);
  });

  it('never holds more than 42 cells', () => {
    for (let month = 1; month <= 12; month += 1) expect(monthGrid(2027, month).flat().length).toBeLessThanOrEqual(42);
  });
});

describe('scheduleCountLabel', () => {
  it('is singular for one, plural otherwise, empty for none', () => {
    expect(scheduleCountLabel(1)).toBe('1 Schedule');
    expect(scheduleCountLabel(3)).toBe('3 Schedules');
    expect(scheduleCountLabel(0)).toBe('');
  });
});

describe('yearTiles', () => {
  it('lays 12 months in 3 rows of 4', () => {
    const rows = yearTiles();
    expect(rows.map((row) => row.length)).toEqual([4, 4, 4]);
    expect(rows[0]![0]).toEqual({ month: 1, name: 'January' });
    expect(rows[2]![3]).toEqual({ month: 12, name: 'December' });
  });
});

describe('groupSchedulesByDate and dateBanner', () => {
  it('groups the chosen days that have schedules, under weekday and DD-MM-YYYY', () => {
    const groups = groupSchedulesByDate({ '2026-11-24': ['b'], '2026-11-23': ['a'], '2026-11-25': [] });
    expect(groups.map((group) => group.banner)).toEqual([
      { weekday: 'Monday', date: '23-11-2026' },
      { weekday: 'Tuesday', date: '24-11-2026' },
    ]);
    expect(groupSchedulesByDate({ '2026-11-23': ['a'] }, ['2026-11-24'])).toEqual([]);
    expect(dateBanner('2026-11-22')).toEqual({ weekday: 'Sunday', date: '22-11-2026' });
  });
});

describe('durationLabel', () => {
  it('shows minutes up to 60 and hours and minutes above', () => {
    expect(durationLabel(45)).toBe('45 mins');
    expect(durationLabel(60)).toBe('60 mins');
    expect(durationLabel(1)).toBe('1 min');
    expect(durationLabel(61)).toBe('1 hr 1 min');
    expect(durationLabel(90)).toBe('1 hr 30 mins');
    expect(durationLabel(120)).toBe('2 hrs');
  });
});

describe('cut', () => {
  it('adds ... only past the limit', () => {
    expect(cut('a'.repeat(45), 45)).toBe('a'.repeat(45));
    expect(cut('a'.repeat(46), 45)).toBe(`${'a'.repeat(45)}...`);
  });
});

describe('timetable flags from the institute setup', () => {
  it('derives each flag from classes and exam', () => {
    expect(timetableFlags({ classes: 'OFFLINE', exam: 'OFFLINE' })).toEqual({
      isCourseStructureTimeTable: 'N',
      isExamIncludedInTimeTable: 'Y',
      is_included_online_class: 'N',
      is_included_online_exam: 'N',
    });
    expect(timetableFlags({ classes: 'ONLINE', exam: 'ONLINE' })).toMatchObject({
      isExamIncludedInTimeTable: 'N',
      is_included_online_class: 'Y',
      is_included_online_exam: 'Y',
    });
    expect(timetableFlags({ classes: 'HYBRID_BLENDED', exam: 'HYBRID_BLENDED' })).toMatchObject({
      isExamIncludedInTimeTable: 'Y',
      is_included_online_class: 'Y',
      is_included_online_exam: 'Y',
    });
  });

  it('lists only the kinds both the request and the setup include', () => {
    const all = {
      isExamIncludedInTimeTable: 'Y',
      is_included_online_class: 'Y',
      is_included_online_exam: 'Y',
    } as const;
    expect(includedClassTypes(all, { classes: 'HYBRID_BLENDED', exam: 'HYBRID_BLENDED' })).toEqual([
      'Class',
      'Online Class',
      'Online Exam',
      'Offline Exam',
    ]);
    expect(includedClassTypes(all, { classes: 'OFFLINE', exam: 'OFFLINE' })).toEqual(['Class', 'Offline Exam']);
    expect(
      includedClassTypes({ ...all, is_included_online_class: 'N' }, { classes: 'ONLINE', exam: 'ONLINE' }),
    ).toEqual(['Class', 'Online Exam']);
  });
});

describe('online class and exam states', () => {
  const start = instantInZone('2026-11-23', '10:00', 'Asia/Kolkata');
  const end = instantInZone('2026-11-23', '11:00', 'Asia/Kolkata');
  it('greys Join before the start, joins while running, views after the end', () => {
    expect(onlineClassAction(start, end, new Date(start.getTime() - 1))).toBe('notStarted');
    expect(onlineClassAction(start, end, start)).toBe('join');
    expect(onlineClassAction(start, end, end)).toBe('view');
  });
  it('derives Upcoming, Ongoing, Expired', () => {
    expect(onlineExamStatus(start, end, new Date(start.getTime() - 1))).toBe('Upcoming');
    expect(onlineExamStatus(start, end, start)).toBe('Ongoing');
    expect(onlineExamStatus(start, end, end)).toBe('Expired');
  });
});

describe('navigation bounds', () => {
  it('defaults to the current month inside the academic year, else its first month', () => {
    expect(defaultMonth('2026-11-23', year2026)).toEqual({ year: 2026, month: 11 });
    expect(defaultMonth('2027-06-01', year2026)).toEqual({ year: 2026, month: 4 });
  });
  it('keeps months and years within the academic year', () => {
    expect(canMoveMonth({ year: 2026, month: 4 }, -1, year2026)).toBe(false);
    expect(canMoveMonth({ year: 2026, month: 4 }, 1, year2026)).toBe(true);
    expect(canMoveMonth({ year: 2027, month: 3 }, 1, year2026)).toBe(false);
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(canMoveYear(2026, 1, year2026)).toBe(true);
    expect(canMoveYear(2027, 1, year2026)).toBe(false);
    expect(canMoveYear(2026, -1, year2026)).toBe(false);
  });
});

describe('attendance figures', () => {
  it('counts P as present', () => {
    expect(classAttended([{ status: 'P' }, { status: 'A' }, { status: 'L' }])).toBe('1/3');
    expect(classAttended([])).toBe('0/0');
    expect(attendancePercent(2, 3)).toBe(67);
    expect(attendancePercent(0, 0)).toBe(0);
  });
});

describe('instantInZone', () => {
  it('reads a Kolkata wall time', () => {
    expect(instantInZone('2026-11-23', '09:00', 'Asia/Kolkata').toISOString()).toBe('2026-11-23T03:30:00.000Z');
  });
});

describe('isHolidayEvent / holidaysByDate (issue 27, item 9)', () => {
  it.each([
    { event_type: 1, what: 'a holiday (type 1)', holiday: true },
    { event_type: 3, what: 'a weekly off (type 3)', holiday: true },
    { event_type: 2, what: 'an event with a category (type 2: a parent-teacher meeting)', holiday: false },
  ])('$what marks a holiday: $holiday', ({ event_type, holiday }) => {
    expect(isHolidayEvent({ event_type })).toBe(holiday);
  });

  it('keeps only the days with a holiday, with the holidays’ titles', () => {
    const answer = {
      '2026-11-01': [{ event_type: 3, title_name: 'Sunday weekly off' }],
      '2026-11-14': [
        { event_type: 2, title_name: 'Parent-teacher meeting' },
        { event_type: 1, title_name: 'Founders Day holiday' },
      ],
      '2026-11-20': [
        { event_type: 2, title_name: 'Science exhibition' },
        { event_type: 2, title_name: 'Photo day' },
      ],
    };
    expect(holidaysByDate(answer)).toEqual({
      '2026-11-01': ['Sunday weekly off'],
      '2026-11-14': ['Founders Day holiday'],
    });
    expect(holidaysByDate({})).toEqual({});
  });
});

describe('placeFromParam / placeParam (the month view in the address)', () => {
  const year2025 = { startDate: '2025-04-01', endDate: '2026-03-31' };
  const today = '2026-11-27';
  const nov2026 = { month: { year: 2026, month: 11 }, day: today };
  it.each([
    { raw: '2026-12', year: year2026, place: { month: { year: 2026, month: 12 }, day: null }, why: 'a month' },
    { raw: '2027-03', year: year2026, place: { month: { year: 2027, month: 3 }, day: null }, why: 'its last month' },
    { raw: '2026-12-05', year: year2026, place: { month: { year: 2026, month: 12 }, day: '2026-12-05' }, why: 'a day' },
    { raw: '2027-04', year: year2026, place: nov2026, why: 'a month after it: today' },
    { raw: '2026-03-31', year: year2026, place: nov2026, why: 'a day before it: today' },
    { raw: '2026-02-30', year: year2026, place: nov2026, why: 'no such day: today' },
    { raw: '2026-13', year: year2026, place: nov2026, why: 'no such month: today' },
    { raw: 'soon', year: year2026, place: nov2026, why: 'not a month: today' },
    { raw: null, year: year2026, place: nov2026, why: 'none: this month, today chosen' },
    { raw: null, year: year2025, place: { month: { year: 2025, month: 4 }, day: null }, why: 'past year: its start' },
    { raw: '2026-11-27', year: year2025, place: { month: { year: 2025, month: 4 }, day: null }, why: 'outside it' },
    { raw: '2026-02', year: year2025, place: { month: { year: 2026, month: 2 }, day: null }, why: 'in the past year' },
  ])('$raw: $why', ({ raw, year, place }) => {
    expect(placeFromParam(raw, today, year)).toEqual(place);
  });

  it('writes the chosen day, or the month when none is chosen', () => {
    expect(placeParam({ month: { year: 2027, month: 3 }, day: null })).toBe('2027-03');
    expect(placeParam({ month: { year: 2026, month: 11 }, day: '2026-11-05' })).toBe('2026-11-05');
  });
});

describe('defaultMonth and the month arrows of a chosen past year (issue 27, item 7)', () => {
  const year2025 = { startDate: '2025-04-01', endDate: '2026-03-31' };
  it('opens a past year on its first month and moves only within it', () => {
    expect(defaultMonth('2026-11-27', year2025)).toEqual({ year: 2025, month: 4 });
    expect(canMoveMonth({ year: 2025, month: 4 }, -1, year2025)).toBe(false);
    expect(canMoveMonth({ year: 2025, month: 4 }, 1, year2025)).toBe(true);
    expect(canMoveMonth({ year: 2026, month: 3 }, 1, year2025)).toBe(false);
  });
});

describe('attendanceNewestFirst (issue 27, item 10)', () => {
  it('orders by date, then start time, newest first', () => {
    const rows = [
      { date: '02-04-2026', start_time: '09:00 AM' },
      { date: '15-11-2026', start_time: '08:00 AM' },
      { date: '15-11-2026', start_time: '01:00 PM' },
      { date: '15-11-2026', start_time: '12:30 PM' },
      { date: '30-10-2026', start_time: '11:15 AM' },
      { date: '15-11-2026', start_time: '12:00 AM' },
    ];
    expect(attendanceNewestFirst(rows)).toEqual([
      { date: '15-11-2026', start_time: '01:00 PM' },
      { date: '15-11-2026', start_time: '12:30 PM' },
      { date: '15-11-2026', start_time: '08:00 AM' },
      { date: '15-11-2026', start_time: '12:00 AM' },
      { date: '30-10-2026', start_time: '11:15 AM' },
      { date: '02-04-2026', start_time: '09:00 AM' },
    ]);
  });

  it('leaves the answer as it was', () => {
    const rows = [
      { date: '2026-04-02', start_time: '09:00' },
      { date: '2026-04-03', start_time: '09:00' },
    ];
    expect(attendanceNewestFirst(rows).map((row) => row.date)).toEqual(['2026-04-03', '2026-04-02']);
    expect(rows[0]!.date).toBe('2026-04-02');
  });
});
