import { describe, expect, it } from 'vitest';
import {
  audienceLabel,
  audienceText,
  calendarErrorAction,
  categoryTag,
  descriptionText,
  eventDatesText,
  eventTimesText,
  formatEventDate,
  hasEventCalendar,
  isCurrentAcademicYear,
  isEventCopy,
  monthGrid,
  monthTitle,
  openingMonth,
  selectedAcademicYear,
  shiftMonth,
  standardsText,
  eventDateLabel,
  eventDateRange,
  eventDays,
  eventTypeColour,
  formatEventTime,
  groupByDay,
  holidayTypeLabel,
  isMyEvent,
  truncateEventTitle,
  weeklyOffDays,
} from './events-rules.ts';

describe('event calendar rules', () => {
  it('lists a multi-day event on its first day and copies it onto each later day of its range', () => {
    expect(eventDays({ startDate: '2026-11-27', endDate: '2026-12-02' }, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    // Begun last month: only its later days inside the window.
    expect(eventDays({ startDate: '2026-11-27', endDate: '2026-12-02' }, '2026-12-01', '2026-12-31')).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(eventDays({ startDate: '2026-10-01', endDate: '2026-10-01' }, '2026-11-01', '2026-11-30')).toEqual([]);
  });

  it('puts a weekly off on its weekdays within the month and its own dates', () => {
    const sundays = { startDate: '2026-04-01', endDate: '2027-03-31', daysOfWeek: [0] };
    expect(weeklyOffDays(sundays, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
      '2026-11-29',
    ]);
    expect(weeklyOffDays({ ...sundays, endDate: '2026-11-10' }, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-01',
      '2026-11-08',
    ]);
    expect(weeklyOffDays({ ...sundays, daysOfWeek: [] }, '2026-11-01', '2026-11-30')).toEqual([]);
  });

  it('groups events by ISO date, dates ascending, in the order the events came', () => {
    const grouped = groupByDay(
      [
        { eventType: 1, startDate: '2026-11-20', endDate: '2026-11-21', daysOfWeek: [], name: 'Fest' },
        { eventType: 3, startDate: '2026-01-01', endDate: '2026-12-31', daysOfWeek: [6], name: 'Saturday off' },
      ],
      '2026-11-19',
      '2026-11-22',
      (event) => event.name,
    );
    expect(grouped).toEqual({ '2026-11-20': ['Fest'], '2026-11-21': ['Fest', 'Saturday off'] });
    expect(Object.keys(grouped)).toEqual(['2026-11-20', '2026-11-21']);
  });

  it('writes dates as Day,YYYY-MM-DD and ranges as two of them separated by a space', () => {
    expect(eventDateLabel('2026-11-23')).toBe('Monday,2026-11-23');
    expect(eventDateRange('2026-11-23', '2026-11-25')).toBe('Monday,2026-11-23 Wednesday,2026-11-25');
  });

  it('writes times as hh:mm AM', () => {
    expect(formatEventTime('09:05:00')).toBe('09:05 AM');
    expect(formatEventTime('00:30:00')).toBe('12:30 AM');
    expect(formatEventTime('12:00:00')).toBe('12:00 PM');
    expect(formatEventTime('17:45')).toBe('05:45 PM');
    expect(formatEventTime(null)).toBeNull();
  });

  it.each([
    { standardIds: [], userTypes: [], mine: true },
    { standardIds: [7], userTypes: [1], mine: true },
    { standardIds: [8], userTypes: [1], mine: false },
    { standardIds: [7, 8], userTypes: [1, 3], mine: true },
    { standardIds: [], userTypes: [3], mine: false },
    { standardIds: [7], userTypes: [3], mine: false },
  ])('counts standards $standardIds for $userTypes as the student of standard 7: $mine', (row) => {
    expect(isMyEvent(row, [7])).toBe(row.mine);
  });

  it('cuts titles to 30 characters plus ...', () => {
    expect(truncateEventTitle('A'.repeat(30))).toBe('A'.repeat(30));
    expect(truncateEventTitle('A'.repeat(31))).toBe(`${'A'.repeat(30)}...`);
  });

  it('names colours, categories and audiences as §9 does', () => {
    expect([1, 2, 3, 4].map(eventTypeColour)).toEqual(['green', 'orange', 'gray', '']);
    expect([1, 2, 3, 4, 5].map(holidayTypeLabel)).toEqual(['Academic', 'Sports', 'Cultural', 'Miscellaneous', '']);
    expect(holidayTypeLabel(null)).toBe('');
    expect([1, 3, 2, 5].map(audienceLabel)).toEqual(['Student', 'Teacher', 'Custom User', 'Custom User']);
  });

  it('draws a month as whole weeks from Sunday, with the neighbouring days marked outside the month', () => {
    const november = monthGrid({ year: 2026, month: 11 });
    // 1 November 2026 is a Sunday, 30 November a Monday: five weeks, the last ending on Saturday 5 December.
    expect(november).toHaveLength(5);
    expect(november[0]!.map((cell) => cell.date)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(november[4]!.map((cell) => [cell.date, cell.inMonth])).toEqual([
      ['2026-11-29', true],
      ['2026-11-30', true],
      ['2026-12-01', false],
      ['2026-12-02', false],
      ['2026-12-03', false],
      ['2026-12-04', false],
      ['2026-12-05', false],
    ]);
    // May 2027 starts on a Saturday and needs six weeks: the 42 cells of §9.
    const may = monthGrid({ year: 2027, month: 5 });
    expect(may.flat()).toHaveLength(42);
    expect(may[0]!.slice(0, 6).every((cell) => !cell.inMonth)).toBe(true);
    expect(may[0]![6]).toEqual({ date: '2027-05-01', inMonth: true });
    // February 2026 starts on Sunday and has 28 days: exactly four weeks.
    expect(monthGrid({ year: 2026, month: 2 })).toHaveLength(4);
  });

  it('moves a month back and forth across the year boundary and names it', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth({ year: 2026, month: 11 }, 0)).toEqual({ year: 2026, month: 11 });
    expect(monthTitle({ year: 2026, month: 11 })).toBe('November 2026');
    expect(monthTitle({ year: 2027, month: 1 })).toBe('January 2027');
  });

  const year2026 = { startDate: '2026-04-01', endDate: '2027-03-31' };

  it.each([
    { today: '2026-11-21', month: { year: 2026, month: 11 }, today_shown: true },
    { today: '2026-04-01', month: { year: 2026, month: 4 }, today_shown: true },
    { today: '2027-03-31', month: { year: 2027, month: 3 }, today_shown: true },
    // Outside the selected year (a past or a future one): its start month, and no Today button.
    { today: '2027-04-01', month: { year: 2026, month: 4 }, today_shown: false },
    { today: '2026-03-31', month: { year: 2026, month: 4 }, today_shown: false },
  ])('on $today opens on $month.month/$month.year, Today shown: $today_shown', ({ today, month, today_shown }) => {
    expect(openingMonth(today, year2026)).toEqual(month);
    expect(isCurrentAcademicYear(today, year2026)).toBe(today_shown);
  });

  it('opens on today’s month with the Today button when the academic year is unknown', () => {
    expect(openingMonth('2026-11-21', null)).toEqual({ year: 2026, month: 11 });
    expect(isCurrentAcademicYear('2026-11-21', null)).toBe(true);
  });

  it('calls every later day of a multi-day event a copy, never its first day', () => {
    const event = { event_start_Date: 'Saturday,2026-11-28', event_end_date: 'Wednesday,2026-12-02' };
    expect(isEventCopy(event, '2026-11-28')).toBe(false);
    expect(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map((day) => isEventCopy(event, day))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // A one-day event has no copies; eventDays lists the first day once, not twice.
    expect(isEventCopy({ event_start_Date: 'Monday,2026-11-23' }, '2026-11-23')).toBe(false);
    expect(eventDays({ startDate: '2026-11-28', endDate: '2026-12-02' }, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
  });

  it('shows dates as DD-MM-YYYY, the end date only when it is another day', () => {
    expect(formatEventDate('Monday,2026-11-23')).toBe('23-11-2026');
    expect(eventDatesText({ event_start_Date: 'Monday,2026-11-23', event_end_date: 'Monday,2026-11-23' })).toBe(
      '23-11-2026',
    );
    expect(eventDatesText({ event_start_Date: 'Saturday,2026-11-28', event_end_date: 'Wednesday,2026-12-02' })).toBe(
      '28-11-2026 to 02-12-2026',
    );
  });

  it('shows times only when a start time exists', () => {
    expect(eventTimesText({ event_start_time: '10:00 AM', event_end_time: '01:00 PM' })).toBe('10:00 AM - 01:00 PM');
    expect(eventTimesText({ event_start_time: '10:00 AM', event_end_time: null })).toBe('10:00 AM');
    expect(eventTimesText({ event_start_time: null, event_end_time: '01:00 PM' })).toBeNull();
  });

  it('writes the standards, audience and description, or - when empty', () => {
    expect(standardsText(['Class 6', 'Class 7'])).toBe('Class 6, Class 7');
    expect(standardsText([])).toBe('-');
    expect(audienceText([1, 3])).toBe('Student, Teacher');
    expect(audienceText([1, 2, 5])).toBe('Student, Custom User');
    expect(audienceText([])).toBe('-');
    expect(descriptionText('School remains closed.')).toBe('School remains closed.');
    expect(descriptionText('')).toBe('-');
    expect(descriptionText('   ')).toBe('-');
  });

  it('shows a category tag only on events of type 2', () => {
    expect(categoryTag({ event_type: 2, holiday_type: 3 })).toBe('Cultural');
    expect(categoryTag({ event_type: 2, holiday_type: null })).toBeNull();
    expect(categoryTag({ event_type: 1, holiday_type: 1 })).toBeNull();
    expect(categoryTag({ event_type: 3, holiday_type: 2 })).toBeNull();
  });

  it('is for schools only, and not for open-course users', () => {
    expect(hasEventCalendar({ is_institute_type_school: true, user_type: 1 })).toBe(true);
    expect(hasEventCalendar({ is_institute_type_school: true, user_type: 2 })).toBe(true);
    expect(hasEventCalendar({ is_institute_type_school: true, user_type: 99 })).toBe(false);
    expect(hasEventCalendar({ is_institute_type_school: false, user_type: 1 })).toBe(false);
  });

  it('logs out on 403, leaves for the dashboard on a server message, else only toasts', () => {
    expect(calendarErrorAction(403, 'You have been logged out.')).toBe('logout');
    expect(calendarErrorAction(400, 'Please select a valid month')).toBe('toastAndLeave');
    expect(calendarErrorAction(500, '')).toBe('toast');
    expect(calendarErrorAction(500, undefined)).toBe('toast');
    expect(calendarErrorAction(null, undefined)).toBe('toast');
  });

  it('finds the selected academic year’s dates in the institute’s list, else the login’s year', () => {
    const session = {
      selectedAcadYrId: 3,
      acad_yr_id: 4,
      ay_start_date: '2026-04-01',
      ay_end_date: '2027-03-31',
      acad_year_list: [
        { inst_acad_year_id: 3, start_date: '2025-04-01', end_date: '2026-03-31' },
        { inst_acad_year_id: 4, start_date: '2026-04-01', end_date: '2027-03-31' },
      ],
    };
    expect(selectedAcademicYear(session)).toEqual({ startDate: '2025-04-01', endDate: '2026-03-31' });
    expect(selectedAcademicYear({ ...session, selectedAcadYrId: 4, acad_year_list: [] })).toEqual(year2026);
    expect(selectedAcademicYear({ ...session, selectedAcadYrId: 9, acad_year_list: [] })).toBeNull();
  });
});
