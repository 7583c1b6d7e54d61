// Test rows of the alerts area (see ./institutes.ts for the conventions). Alerts are produced by set-based
// statements (features/alerts/alerts.repository.ts); a test that needs one alert of its own writes it here.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { alerts } from '../../src/db/schema/alerts.ts';
import { fixedNow } from '../template.ts';
import { createParent, createStudent, nextNumber, type TestInstitute } from './institutes.ts';
import { createClassSession, markAttendance } from './timetable.ts';

/** An unread absence alert to `userId` about `studentId` (a day of its own unless told). */
export async function createAlert(
  db: Db,
  institute: Pick<TestInstitute, 'id'>,
  values: { userId: number; studentId: number } & Partial<typeof alerts.$inferInsert>,
) {
  const [row] = await db
    .insert(alerts)
    .values({
      instituteId: institute.id,
      kind: 'absence',
      eventKey: `test-${nextNumber()}`,
      data: { child: 'Test child', classes: ['Maths'], date: '2026-11-21' },
      createdAt: fixedNow,
      ...values,
    })
    .returning({ id: alerts.id });
  return row!.id;
}

/** A student with a parent, marked absent at a class at `fixedNow`: the accounts that should hear of it. */
export async function createAbsence(db: Db, institute: TestInstitute) {
  const student = await createStudent(db, institute);
  const parent = await createParent(db, institute, [student.studentId]);
  const session = await createClassSession(db, institute);
  await markAttendance(db, institute, student.studentId, session, { status: 'A' });
  return { student, parent, accounts: [student.userId, parent.userId].sort((a, b) => a - b) };
}

/** The accounts that have an alert in the institute, in id order. */
export async function accountsAlerted(db: Db, institute: Pick<TestInstitute, 'id'>) {
  const rows = await db.select({ userId: alerts.userId }).from(alerts).where(eq(alerts.instituteId, institute.id));
  return rows.map((row) => row.userId).sort((a, b) => a - b);
}

/** The institute's alerts of `kind` as who hears of which child's event: `[userId, studentId, eventKey]`, sorted. */
export async function alertsOfKind(db: Db, institute: Pick<TestInstitute, 'id'>, kind: string) {
  const rows = await db
    .select({ userId: alerts.userId, studentId: alerts.studentId, eventKey: alerts.eventKey, data: alerts.data })
    .from(alerts)
    .where(and(eq(alerts.instituteId, institute.id), eq(alerts.kind, kind)))
    .orderBy(asc(alerts.userId), asc(alerts.studentId), asc(alerts.eventKey));
  return rows;
}

/** `alertsOfKind` as `[userId, studentId, eventKey]` triples (who hears of what), in the same order. */
export async function heardOfKind(db: Db, institute: Pick<TestInstitute, 'id'>, kind: string) {
  return (await alertsOfKind(db, institute, kind)).map((row) => [row.userId, row.studentId, row.eventKey]);
}
