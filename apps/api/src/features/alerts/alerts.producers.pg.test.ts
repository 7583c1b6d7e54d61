// PostgreSQL only: two workers produce the same institute's alerts at the same moment, each on its own connection;
// every alert is written once (the unique key alerts_once), and the two runs' counts add up to what is stored.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssignment } from '../../../test/factories/assignments.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createFeePlan } from '../../../test/factories/fees.ts';
import { createAnnouncement } from '../../../test/factories/home.ts';
import { createInstitute, createParent, createStudent, createSubject } from '../../../test/factories/institutes.ts';
import { createAttempt, createOfflineExam, recordOfflineMarks } from '../../../test/factories/report.ts';
import { createClassSession, markAttendance } from '../../../test/factories/timetable.ts';
import { createMigratedDatabase, fixedNow } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { produceAlerts } from './alerts.repository.ts';

describe('alerts produced by two workers at once on PostgreSQL', () => {
  let database: Database;
  let instituteId = 0;
  const students = 30;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    const db = database.db;
    const school = await createInstitute(db);
    instituteId = school.id;
    const maths = await createSubject(db, school, 'Maths');
    const lesson = await createClassSession(db, school, { classType: 'Class', meetingWith: null, sessionLink: '' });
    const test = await createExamTest(db, school, { isResultPublished: true });
    const exam = await createOfflineExam(db, school, { examDate: '2026-11-16' });
    for (let index = 0; index < students; index += 1) {
      const student = await createStudent(db, school);
      await createParent(db, school, [student.studentId]);
      await markAttendance(db, school, student.studentId, lesson, { status: 'A' });
      await createFeePlan(db, school, student.studentId, {
        installments: [
          { due: '2026-11-23', amount: 100_000 },
          { due: '2026-11-10', amount: 100_000 },
        ],
      });
      await createAttempt(db, school, student, test);
      await recordOfflineMarks(db, school, exam, student.studentId);
    }
    await createAssignment(db, school, maths);
    await createAssignment(db, school, maths, { dueAt: new Date(fixedNow.getTime() + 86_400_000) });
    await createAnnouncement(db, school);
    await createClassSession(db, school, { startsAt: new Date(fixedNow.getTime() + 5 * 60_000) });
  });
  afterAll(() => database?.close());

  it('writes each alert once, and the runs’ counts add up to the rows stored', async () => {
    // The sweep (every institute) on two workers, and the institute's own job on a third.
    const runs = await Promise.all([
      produceAlerts(database.db, fixedNow),
      produceAlerts(database.db, fixedNow, instituteId),
      produceAlerts(database.db, fixedNow),
    ]);
    const stored = await database.db.execute(sql`
      select kind, count(*)::int as alerts, count(distinct (user_id, student_id, event_key))::int as distinct_alerts
      from alerts where institute_id = ${instituteId} group by kind order by kind`);
    const rows = (stored as unknown as { rows: { kind: string; alerts: number; distinct_alerts: number }[] }).rows;
    // Every kind, to the student and the parent (live classes: the student only), about every student.
    const perStudent = { absence: 2, 'fee-due': 2, 'fee-overdue': 2, 'homework-new': 4, 'homework-due': 2 };
    const expected = {
      ...perStudent,
      'live-soon': 1,
      notice: 2,
      'result-offline': 2,
      'result-online': 2,
    } as Record<string, number>;
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.alerts]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([kind, each]) => [kind, each * students])),
    );
    expect(rows.every((row) => row.alerts === row.distinct_alerts)).toBe(true);
    const total = rows.reduce((sum, row) => sum + row.alerts, 0);
    const written = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(runs.reduce((sum, run) => sum + written(run), 0)).toBe(total);
    // And a third run, after both: nothing.
    expect(written(await produceAlerts(database.db, fixedNow, instituteId))).toBe(0);
  });
});
