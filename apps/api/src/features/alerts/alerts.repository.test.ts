import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassSession, markAttendance } from '../../../test/factories/timetable.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  createSubject,
  type TestInstitute,
} from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, fixedNow } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { produceAbsenceAlerts } from './alerts.repository.ts';

/** A Kolkata wall-clock time on a date, as an instant. fixedNow is 12:00 on 21 November 2026 there. */
const kolkata = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

/**
 * Absence alerts (issue 31): one per child, account and local day, to the student and each parent, naming the
 * classes missed that day; produced once however often the statement runs.
 */
describe('produceAbsenceAlerts', () => {
  let database: Database;
  let school: TestInstitute;
  let absent: Awaited<ReturnType<typeof createStudent>>;
  let present: Awaited<ReturnType<typeof createStudent>>;
  let parent: Awaited<ReturnType<typeof createParent>>;
  let otherParent: Awaited<ReturnType<typeof createParent>>;
  let afternoon: number;

  const alertsOf = (userId: number) =>
    database.db
      .select({ studentId: alerts.studentId, kind: alerts.kind, eventKey: alerts.eventKey, data: alerts.data })
      .from(alerts)
      .where(and(eq(alerts.instituteId, school.id), eq(alerts.userId, userId)));

  beforeAll(async () => {
    database = await createMigratedDatabase();
    const db = database.db;
    school = await createInstitute(db);
    const maths = await createSubject(db, school, 'Maths');
    const science = await createSubject(db, school, 'Science');
    absent = await createStudent(db, school, { user: { name: 'Aarav Shah' } });
    present = await createStudent(db, school, { user: { name: 'Diya Rao' } });
    parent = await createParent(db, school, [absent.studentId, present.studentId]);
    otherParent = await createParent(db, school, [absent.studentId]);
    const classAt = (startsAt: Date, subjectId: number | null, name = '') =>
      createClassSession(db, school, {
        classType: 'Class',
        subjectId,
        name,
        startsAt,
        meetingWith: null,
        sessionLink: '',
      });
    // Today in Kolkata: 00:30 (the 20th in UTC), 09:00 and 11:00; yesterday's 10:00 is another day.
    const early = await classAt(kolkata('2026-11-21', '00:30'), null, 'Early revision');
    const first = await classAt(kolkata('2026-11-21', '09:00'), science);
    const second = await classAt(kolkata('2026-11-21', '11:00'), maths);
    const yesterday = await classAt(kolkata('2026-11-20', '10:00'), maths);
    afternoon = await classAt(kolkata('2026-11-21', '15:00'), science);
    await markAttendance(db, school, absent.studentId, second, { status: 'A' });
    await markAttendance(db, school, absent.studentId, first, { status: 'L' });
    await markAttendance(db, school, absent.studentId, early, { status: 'A' });
    await markAttendance(db, school, absent.studentId, yesterday, { status: 'A' });
    for (const session of [early, first, second]) await markAttendance(db, school, present.studentId, session);
    await markAttendance(db, school, present.studentId, yesterday, { status: 'A' });
  });
  afterAll(() => database?.close());

  it('tells the student and each parent once, naming the classes missed today in the order they were held', async () => {
    // Three accounts hear of Aarav (his own and his two parents'); Diya was present today.
    expect(await produceAbsenceAlerts(database.db, fixedNow)).toBe(3);
    const expected = {
      studentId: absent.studentId,
      kind: 'absence',
      eventKey: '2026-11-21',
      data: { child: 'Aarav Shah', classes: ['Early revision', 'Science', 'Maths'], date: '2026-11-21' },
    };
    expect(await alertsOf(absent.userId)).toEqual([expected]);
    expect(await alertsOf(parent.userId)).toEqual([expected]);
    expect(await alertsOf(otherParent.userId)).toEqual([expected]);
    expect(await alertsOf(present.userId)).toEqual([]);
  });

  it('writes nothing the second time, and nothing twice when run at the same moment', async () => {
    expect(await produceAbsenceAlerts(database.db, fixedNow)).toBe(0);
    await Promise.all([1, 2, 3].map(() => produceAbsenceAlerts(database.db, fixedNow)));
    expect(await database.db.select().from(alerts).where(eq(alerts.instituteId, school.id))).toHaveLength(3);
  });

  it('a later absence the same day updates the list of an alert not yet opened, and leaves an opened one', async () => {
    await database.db
      .update(alerts)
      .set({ readAt: fixedNow })
      .where(and(eq(alerts.instituteId, school.id), eq(alerts.userId, otherParent.userId)));
    await markAttendance(database.db, school, absent.studentId, afternoon, { status: 'A' });
    const later = new Date(fixedNow.getTime() + 4 * 3_600_000);
    expect(await produceAbsenceAlerts(database.db, later, school.id)).toBe(2);
    expect((await alertsOf(parent.userId))[0]!.data.classes).toEqual(['Early revision', 'Science', 'Maths', 'Science']);
    expect((await alertsOf(otherParent.userId))[0]!.data.classes).toEqual(['Early revision', 'Science', 'Maths']);
  });

  it('counts the day in each institute’s own zone: a UTC institute’s day is not Kolkata’s', async () => {
    const london = await createInstitute(database.db, { timeZone: 'UTC' });
    const pupil = await createStudent(database.db, london);
    // 23:30 UTC on the 20th: the 21st in Kolkata, but the 20th here; at fixedNow (06:30 UTC on the 21st) it is past.
    const late = await createClassSession(database.db, london, { startsAt: new Date('2026-11-20T23:30:00Z') });
    await markAttendance(database.db, london, pupil.studentId, late, { status: 'A' });
    expect(await produceAbsenceAlerts(database.db, fixedNow, london.id)).toBe(0);
    expect(await produceAbsenceAlerts(database.db, new Date('2026-11-20T23:59:00Z'), london.id)).toBe(1);
  });
});
