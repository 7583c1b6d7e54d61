import type { Session } from '@campus/domain/auth/auth.contract';
import type { TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createDemoApp } from '../../../test/helpers.ts';
import { attendanceBody, timetableBody } from '../../../test/timetable-requests.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

// The demo promises (README "Timetable in the demo"): Aarav's classes have their attendance, and 9000000015's
// classes have none, so her Attendance Details popup shows 'NO ATTENDANCE MARKED FOR THIS CLASS!' (issue 27, #18).
describe('the timetable demo', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  let aarav: Session;
  let tara: Session;

  beforeAll(async () => {
    app = await createDemoApp({ rateLimits: { loginPerMinute: 1000 } });
    aarav = await signIn(app, { user_name: demoLogins.greenfieldStudent });
    tara = await signIn(app, { user_name: demoLogins.greenfieldNoAttendance });
  });
  afterAll(() => app.close());

  const post = (session: Session, url: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost', authorization: session.student_auth },
      payload,
    });

  /** The classes of this month (the fixed clock's November) on the session's timetable. */
  const classesThisMonth = async (session: Session): Promise<TimetableEntry[]> => {
    const response = await post(session, '/api/v2/timeTable/v3', timetableBody(session, '2026-11-01', '2026-11-30'));
    expect(response.statusCode, response.body).toBe(200);
    const days = Object.values(response.json().result.batchTimeTableList) as TimetableEntry[][];
    return days.flat().filter((entry) => entry.class_type === 'Class' && entry.date < '2026-11-21');
  };

  /** What the class's Attendance Details popup lists: the student's marks in its section over the year. */
  const attendanceOf = async (session: Session, entry: TimetableEntry) => {
    const response = await post(
      session,
      `/api/v1/reports/Student/attendance/${session.student_id}/${entry.batch_id}`,
      attendanceBody(session, entry.batch_id, session.ay_start_date.slice(0, 10), session.ay_end_date.slice(0, 10)),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as unknown[];
  };

  it("gives 9000000015 past classes this month whose popup has no attendance, while Aarav's have theirs", async () => {
    const taraClasses = await classesThisMonth(tara);
    expect(taraClasses.length).toBeGreaterThan(0);
    const aaravClasses = await classesThisMonth(aarav);
    // Another section than Aarav's: his reports' classmates are not changed by her.
    expect(taraClasses[0]!.batch_id).not.toBe(aaravClasses[0]!.batch_id);
    for (const batchId of new Set(taraClasses.map((entry) => entry.batch_id))) {
      expect(
        await attendanceOf(
          tara,
          taraClasses.find((entry) => entry.batch_id === batchId)!,
        ),
      ).toEqual([]);
    }
    expect(taraClasses[0]!.student_attendance_percent).toBe(0);
    expect((await attendanceOf(aarav, aaravClasses[0]!)).length).toBeGreaterThan(0);
  });
});
