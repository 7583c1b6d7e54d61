import type { Session } from '@campus/domain/auth/auth.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createEvent } from '../../../test/factories/events.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { standards } from '../../db/schema/academics.ts';

// Built from factories, not the demo: a school (today 2026-11-21) whose student is in Class 6, and a coaching
// institute. November 2026 starts on a Sunday.
describe('events', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  let classmate: Session;
  let coachingStudent: Session;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const coaching = await createInstitute(db, { host: 'coaching.test', isSchool: false });
    const [classSeven] = await db
      .insert(standards)
      .values({ instituteId: school.id, name: 'Class 7' })
      .returning({ id: standards.id });
    const [classSix] = await db
      .select({ id: standards.id })
      .from(standards)
      .where(eq(standards.instituteId, school.id));
    const studentLogin = await createStudent(db, school);
    const classmateLogin = await createStudent(db, school);
    const coachingLogin = await createStudent(db, coaching);
    await createEvent(db, school, { title: 'Founders Day', startDate: '2026-11-05', description: 'Closed.' });
    await createEvent(db, school, {
      eventType: 2,
      holidayType: 1,
      title: 'Parent-teacher meeting for Class 6 and its parents',
      startDate: '2026-11-12',
      isAllDay: false,
      startTime: '10:00',
      endTime: '13:30',
      userTypes: [1, 2],
      standardIds: [classSix!.id, classSeven!.id],
    });
    await createEvent(db, school, { title: 'Class 7 trip', startDate: '2026-11-13', standardIds: [classSeven!.id] });
    await createEvent(db, school, { title: 'Staff workshop', startDate: '2026-11-14', userTypes: [3] });
    await createEvent(db, school, { title: 'Mid-term break', startDate: '2026-11-28', endDate: '2026-12-02' });
    await createEvent(db, school, {
      eventType: 3,
      title: 'Sunday off',
      startDate: '2026-04-01',
      endDate: '2027-03-31',
      daysOfWeek: [0],
    });
    await createEvent(db, coaching, { title: 'Coaching holiday', startDate: '2026-11-05' });
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    student = await signIn(app, { user_name: studentLogin.login, password: studentLogin.password });
    classmate = await signIn(app, { user_name: classmateLogin.login, password: classmateLogin.password });
    coachingStudent = await signIn(
      app,
      { user_name: coachingLogin.login, password: coachingLogin.password },
      { host: 'coaching.test' },
    );
  });
  afterAll(() => app.close());

  const post = (session: Session, url: string, body: Record<string, unknown>, host = 'localhost') =>
    app.inject({ method: 'POST', url, headers: { authorization: session.student_auth, host }, payload: body });

  const detail = (session: Session, body: Record<string, unknown> = {}, host?: string) =>
    post(
      session,
      '/api/v1/holiday_manager/getDetail',
      {
        institution_id: session.institute_id,
        month: 11,
        year: 2026,
        student_id: session.student_id,
        is_all_event_for_student: false,
        event_type: 0,
        search_date: null,
        is_yearly_view: false,
        ...body,
      },
      host,
    );

  const titlesByDay = (answer: Record<string, { title_name: string }[]>) =>
    Object.fromEntries(Object.entries(answer).map(([day, items]) => [day, items.map((item) => item.title_name)]));

  describe('POST /api/v1/holiday_manager/getDetail', () => {
    it("lists My Event: the student's standard or everyone's, for students or everyone", async () => {
      const response = await detail(student);
      expect(response.statusCode).toBe(200);
      expect(titlesByDay(response.json())).toEqual({
        '2026-11-01': ['Sunday off'],
        '2026-11-05': ['Founders Day'],
        '2026-11-08': ['Sunday off'],
        '2026-11-12': ['Parent-teacher meeting for Class 6 and its parents'],
        '2026-11-15': ['Sunday off'],
        '2026-11-22': ['Sunday off'],
        '2026-11-28': ['Mid-term break'],
        '2026-11-29': ['Sunday off', 'Mid-term break'],
        '2026-11-30': ['Mid-term break'],
      });
    });

    it('answers every field of an event item', async () => {
      const answer = (await detail(student)).json();
      expect(answer['2026-11-12']).toEqual([
        {
          event_type: 2,
          holiday_type: 1,
          title_name: 'Parent-teacher meeting for Class 6 and its parents',
          document_url: '',
          event_start_Date: 'Thursday,2026-11-12',
          event_end_date: 'Thursday,2026-11-12',
          event_date_range: 'Thursday,2026-11-12 Thursday,2026-11-12',
          is_all_day_event: false,
          event_start_time: '10:00 AM',
          event_end_time: '01:30 PM',
          standardNamesList: ['Class 6', 'Class 7'],
          userTypeList: [1, 2],
          holiday_desc: '',
          dayOfWeekList: [],
        },
      ]);
      expect(answer['2026-11-01'][0]).toMatchObject({ event_type: 3, dayOfWeekList: [0], standardNamesList: [] });
    });

    it('lists every event when is_all_event_for_student is true, other standards and teachers included', async () => {
      const answer = titlesByDay((await detail(student, { is_all_event_for_student: true })).json());
      expect(answer['2026-11-13']).toEqual(['Class 7 trip']);
      expect(answer['2026-11-14']).toEqual(['Staff workshop']);
    });

    it('copies a multi-day event onto each later day of its range, keeping its own start and end', async () => {
      const answer = (await detail(student, { month: 12 })).json();
      expect(titlesByDay(answer)['2026-12-01']).toEqual(['Mid-term break']);
      expect(titlesByDay(answer)['2026-12-02']).toEqual(['Mid-term break']);
      expect(answer['2026-12-03']).toBeUndefined();
      expect(answer['2026-12-02'][0]).toMatchObject({
        event_start_Date: 'Saturday,2026-11-28',
        event_end_date: 'Wednesday,2026-12-02',
        event_date_range: 'Saturday,2026-11-28 Wednesday,2026-12-02',
      });
    });

    it('keeps one event type when event_type is not 0', async () => {
      const answer = titlesByDay((await detail(student, { event_type: 2 })).json());
      expect(answer).toEqual({ '2026-11-12': ['Parent-teacher meeting for Class 6 and its parents'] });
    });

    it("refuses another student's id and another institute's without data", async () => {
      const otherStudent = await detail(student, { student_id: classmate.student_id });
      expect(otherStudent.statusCode).toBe(404);
      expect(otherStudent.body).not.toContain('Founders');
      const otherInstitute = await detail(student, { institution_id: coachingStudent.institute_id });
      expect(otherInstitute.statusCode).toBe(403);
      expect(otherInstitute.body).not.toContain('holiday');
    });

    it('answers a coaching institute an empty object: holiday data is for schools only', async () => {
      const response = await detail(coachingStudent, { is_all_event_for_student: true }, 'coaching.test');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    });

    it.each([
      [{ month: 13 }, 'month must be a whole number from 1 to 12'],
      [{ month: 0 }, 'month must be a whole number from 1 to 12'],
      [{ year: 'twenty' }, 'year must be a whole number'],
      [{ year: 99999 }, 'year must be between 1900 and 2100'],
    ])('refuses %j with 400 and a clear message', async (body, message) => {
      const response = await detail(student, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });
  });

  describe('POST /api/v1/holiday_manager/event_for_timetable', () => {
    const forTimetable = (session: Session, body: Record<string, unknown> = {}) =>
      post(session, '/api/v1/holiday_manager/event_for_timetable', {
        institution_id: session.institute_id,
        year: 2026,
        student_id: session.student_id,
        event_start_Date: '2026-11-27',
        event_end_date: '2026-12-01',
        ...body,
      });

    it("maps each day of the window to the student's events", async () => {
      const response = await forTimetable(student);
      expect(response.statusCode).toBe(200);
      expect(titlesByDay(response.json())).toEqual({
        '2026-11-28': ['Mid-term break'],
        '2026-11-29': ['Sunday off', 'Mid-term break'],
        '2026-11-30': ['Mid-term break'],
        '2026-12-01': ['Mid-term break'],
      });
    });

    it('refuses a window that ends before it starts', async () => {
      const response = await forTimetable(student, { event_end_date: '2026-11-01' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('event_end_date must not be before event_start_Date');
    });
  });
});
