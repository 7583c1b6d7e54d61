import { addDays } from '@campus/domain/calendar/calendar';
import { createEvents } from './index.ts';
import type { DemoContext } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { tinyPdf } from '../../db/seed/demo-files.ts';

/** The first day of the month `offset` months from `today`'s. */
const monthStart = (today: string, offset: number) => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
};

/**
 * Greenfield's event calendar in the current and next month: holidays, categorized events of every holiday type,
 * a multi-day event, Sunday weekly offs, events for Aarav's standard only and for everyone, all-day and timed
 * events (one without an end time), a day with three events, and a teacher-only meeting that 'My Event' leaves
 * out. Apex is a coaching institute: no calendar.
 */
export async function seed({ tx, storage, today, institutes: { greenfield } }: DemoContext): Promise<void> {
  const instituteId = greenfield.id;
  const aaravBatchId = greenfield.account(demoLogins.greenfieldStudent, 1).batchIds[0];
  const aaravStandard = greenfield.batches.find((batch) => batch.id === aaravBatchId)!.standardId;
  const otherStandard = greenfield.batches.find((batch) => batch.standardId !== aaravStandard)?.standardId;
  const thisMonth = monthStart(today, 0);
  const nextMonth = monthStart(today, 1);
  const day = (start: string, n: number) => addDays(start, n - 1);
  const circular = await storage.putBuffer(tinyPdf('Annual Day schedule'), 'pdf');

  await createEvents(tx, instituteId, [
    {
      eventType: 3,
      title: 'Sunday weekly off',
      startDate: addDays(thisMonth, -31),
      endDate: addDays(nextMonth, 60),
      daysOfWeek: [0],
    },
    {
      eventType: 1,
      title: 'Founders Day holiday',
      description: 'School remains closed.',
      startDate: day(thisMonth, 5),
      endDate: day(thisMonth, 5),
    },
    {
      eventType: 1,
      title: 'Mid-term break for all students and staff',
      description: 'Classes resume after the break.',
      // Multi-day, across the end of this month into the next.
      startDate: day(nextMonth, -2),
      endDate: day(nextMonth, 3),
    },
    {
      eventType: 2,
      holidayType: 1,
      title: 'Parent-teacher meeting',
      description: 'Meet the class teacher about the term report.',
      isAllDay: false,
      startDate: day(thisMonth, 12),
      endDate: day(thisMonth, 12),
      startTime: '10:00',
      endTime: '13:00',
      userTypes: [1, 2],
      standardIds: [aaravStandard],
    },
    {
      eventType: 2,
      holidayType: 2,
      title: 'Inter-house football final',
      isAllDay: false,
      startDate: day(thisMonth, 18),
      endDate: day(thisMonth, 18),
      startTime: '15:30',
      endTime: '17:00',
      userTypes: [1],
    },
    // Two more on the football final's day: three events, so its day cell shows two and '+1 more'.
    {
      eventType: 2,
      holidayType: 4,
      title: 'Science exhibition',
      description: 'Projects by every class in the school hall.',
      isAllDay: false,
      startDate: day(thisMonth, 18),
      endDate: day(thisMonth, 18),
      // A start time without an end time.
      startTime: '09:00',
    },
    // An event on a school day, with its category: the timetable marks no holiday here (issue 27, item 9).
    {
      eventType: 2,
      holidayType: 1,
      title: 'Library week begins',
      startDate: day(thisMonth, 18),
      endDate: day(thisMonth, 18),
    },
    {
      eventType: 2,
      holidayType: 3,
      title: 'Annual Day',
      description: 'Dance, drama and the prize distribution.',
      documentFileKey: circular.key,
      documentName: 'Annual Day schedule.pdf',
      startDate: day(nextMonth, 10),
      endDate: day(nextMonth, 10),
    },
    {
      eventType: 2,
      holidayType: 4,
      title: 'Photo day',
      startDate: day(nextMonth, 15),
      endDate: day(nextMonth, 15),
      userTypes: [1, 3],
      // For another standard only: outside Aarav's 'My Event'.
      standardIds: otherStandard === undefined ? [aaravStandard] : [otherStandard],
    },
    {
      eventType: 2,
      holidayType: 1,
      title: 'Staff development workshop',
      isAllDay: false,
      startDate: day(thisMonth, 20),
      endDate: day(thisMonth, 20),
      startTime: '14:00',
      endTime: '16:00',
      // Teachers only: outside every student's 'My Event'.
      userTypes: [3],
    },
  ]);
}
