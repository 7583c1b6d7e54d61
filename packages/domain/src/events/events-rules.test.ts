import { describe, expect, it } from 'vitest';
import {
  audienceLabel,
  eventDateLabel,
  eventDateRange,
  eventDays,
  eventTypeColour,
  formatEventTime,
  groupByDay,
  holidayTypeLabel,
  isMyEvent,
  monthRange,
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

  it('knows the days of a month, leap years included', () => {
    expect(monthRange(2026, 11)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
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
    expect([eventTypeColour(1), eventTypeColour(2), eventTypeColour(3)]).toEqual(['green', 'orange', '']);
    expect([1, 2, 3, 4, 5].map(holidayTypeLabel)).toEqual(['Academic', 'Sports', 'Cultural', 'Miscellaneous', '']);
    expect(holidayTypeLabel(null)).toBe('');
    expect([1, 3, 2, 5].map(audienceLabel)).toEqual(['Student', 'Teacher', 'Custom User', 'Custom User']);
  });
});
