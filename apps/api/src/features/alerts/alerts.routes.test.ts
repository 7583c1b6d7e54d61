import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert } from '../../../test/factories/alerts.ts';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createTestApp } from '../../../test/helpers.ts';

/** The bell (issue 31): an account's own alerts, their words, the unread count, and marking them read. */
describe('the bell', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  let parent: Session;
  let studentAlert: number;
  let parentAlerts: number[];
  const host = 'bell.test';

  beforeAll(async () => {
    app = await createTestApp();
    const school = await createInstitute(app.db, { host });
    const aarav = await createStudent(app.db, school, { user: { name: 'Aarav' } });
    const diya = await createStudent(app.db, school, { user: { name: 'Diya' } });
    const mother = await createParent(app.db, school, [aarav.studentId, diya.studentId]);
    studentAlert = await createAlert(app.db, school, { userId: aarav.userId, studentId: aarav.studentId });
    parentAlerts = [
      await createAlert(app.db, school, {
        userId: mother.userId,
        studentId: aarav.studentId,
        data: { child: 'Aarav', classes: ['Maths', 'Science'], date: '2026-11-20' },
        createdAt: new Date('2026-11-20T10:00:00Z'),
      }),
      await createAlert(app.db, school, {
        userId: mother.userId,
        studentId: diya.studentId,
        data: { child: 'Diya', classes: ['English'], date: '2026-11-21' },
        createdAt: new Date('2026-11-21T10:00:00Z'),
      }),
    ];
    student = await signIn(app, { user_name: aarav.login, password: aarav.password }, { host });
    // A parent of two picks a child to view; the bell is the parent's whichever it is.
    parent = await signIn(
      app,
      {
        user_name: mother.login,
        password: mother.password,
        user_type: 2,
        user_id: aarav.userId,
        institute_id: school.id,
      },
      { host },
    );
  });
  afterAll(() => app?.close());

  const read = (session: Session, ids: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/alerts/bell/read',
      headers: { authorization: session.student_auth, host },
      payload: { alert_ids: ids },
    });

  it('lists a parent’s alerts about each child, newest first, in words, with the screen each opens', async () => {
    const answer = await getAs(app, parent.student_auth, '/api/v1/alerts/bell', host);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      unread: 2,
      alerts: [
        {
          alert_id: parentAlerts[1],
          kind: 'absence',
          title: 'Diya was absent on 21-11-2026',
          body: 'Diya was marked absent in English on 21-11-2026.',
          student_id: expect.any(Number),
          path: '/timetable?date=2026-11-21',
          created_at: '2026-11-21T10:00:00.000Z',
          read: false,
        },
        expect.objectContaining({
          alert_id: parentAlerts[0],
          body: 'Aarav was marked absent in Maths and Science on 20-11-2026.',
        }),
      ],
    });
  });

  it('a parent marks their own alert read (their bell, not the child’s data)', async () => {
    const marked = await read(parent, [parentAlerts[0]]);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 1 });
    const list = (await getAs(app, parent.student_auth, '/api/v1/alerts/bell', host)).json();
    expect(list.alerts.map((alert: { read: boolean }) => alert.read)).toEqual([false, true]);
  });

  it('another account’s alert is not found, and nothing is marked', async () => {
    const refused = await read(student, [studentAlert, parentAlerts[1]]);
    expect(refused.statusCode).toBe(404);
    expect((await getAs(app, student.student_auth, '/api/v1/alerts/bell', host)).json().unread).toBe(1);
    expect((await getAs(app, parent.student_auth, '/api/v1/alerts/bell', host)).json().unread).toBe(1);
  });

  it.each([
    [[], 'name at least one alert'],
    [['x'], 'must be a whole number'],
    ['1', 'alert_ids'],
  ])('refuses alert_ids %j with a clear message', async (ids, message) => {
    const answer = await read(student, ids);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
  });
});
