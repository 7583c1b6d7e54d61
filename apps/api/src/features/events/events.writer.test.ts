import { beforeAll, describe, expect, it } from 'vitest';
import type { TestInstitute } from '../../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../../test/institute-database.ts';
import type { Db } from '../../db/client.ts';
import { createEvents, eventColumns, findEvents, updateEvent } from './events.writer.ts';

// The events writer's rules, which the admin API, the demo and the factories all write calendar events through.
describe('the events writer', () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  it('makes an event with a start time not all-day, and a one-day event end the day it starts', async () => {
    const [timed, allDay] = await createEvents(db, school.id, [
      { eventType: 2, title: 'Meeting', startDate: '2026-11-12', startTime: '9:30', endTime: '13:00' },
      { eventType: 1, title: 'Holiday', startDate: '2026-11-13' },
    ]);
    const stored = await findEvents(db, school.id, [timed!, allDay!]);
    expect(stored.get(timed!)).toMatchObject({ isAllDay: false, startTime: '09:30:00', endTime: '13:00:00' });
    expect(stored.get(allDay!)).toMatchObject({ isAllDay: true, endDate: '2026-11-13', startTime: null });
  });

  it('stores standards and weekdays once each, in order, so an event written again reads back the same', async () => {
    const values = {
      eventType: 3,
      title: 'Weekly off',
      startDate: '2026-04-01',
      endDate: '2027-03-31',
      daysOfWeek: [6, 0, 6],
      standardIds: [school.standardId, school.standardId],
    };
    const [id] = await createEvents(db, school.id, [values]);
    await updateEvent(db, school.id, id!, values);
    const stored = (await findEvents(db, school.id, [id!])).get(id!)!;
    expect(stored.daysOfWeek).toEqual([0, 6]);
    expect(stored.standardIds).toEqual([school.standardId]);
    const wanted = eventColumns(values);
    for (const column of Object.keys(wanted) as (keyof typeof wanted)[]) {
      expect(stored[column as keyof typeof stored], column).toEqual(wanted[column]);
    }
  });
});
