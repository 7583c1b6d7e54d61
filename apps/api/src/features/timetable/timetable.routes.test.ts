import type { Session } from '@campus/domain/auth/auth.contract';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createEvent } from '../../../test/factories/events.ts';
import { createFeePayment, createFeePlan } from '../../../test/factories/fees.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import {
  createClassSession,
  createRecording,
  createTeacher,
  markAttendance,
} from '../../../test/factories/timetable.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import { attendanceBody, timetableBody } from '../../../test/timetable-requests.ts';
import { batches, subjects } from '../../db/schema/academics.ts';
import { studentParents } from '../../db/schema/users.ts';
import { deleteClassSessions, updateClassSession } from './timetable.writer.ts';

const at = (iso: string) => new Date(iso);

// Built from factories: a school (classes HYBRID_BLENDED, exams OFFLINE) whose student is in section A of Class 6,
// with section B beside it, a student with no section, and a coaching institute whose classes are OFFLINE only.
// fixedNow is 12:00 in Kolkata on Saturday 21-11-2026.
describe('timetable and attendance', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  let classmate: Session;
  let parent: Session;
  let unplaced: Session;
  let coachingStudent: Session;
  let sectionA: number;
  let sectionB: number;
  let maths: number;
  let coachingSectionId: number;
  let dueInstallmentId: number;
  let school: Awaited<ReturnType<typeof createInstitute>>;
  let studentId: number;
  const storage = createTestStorage();

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    school = await createInstitute(db, { host: 'localhost', classesMode: 'HYBRID_BLENDED', examMode: 'OFFLINE' });
    const coaching = await createInstitute(db, {
      host: 'coaching.test',
      isSchool: false,
      classesMode: 'OFFLINE',
      examMode: 'OFFLINE',
    });
    sectionA = school.currentYear.batchId;
    const [b] = await db
      .insert(batches)
      .values({
        instituteId: school.id,
        standardId: school.standardId,
        academicYearId: school.currentYear.id,
        name: 'B',
      })
      .returning({ id: batches.id });
    sectionB = b!.id;
    const [subject] = await db
      .insert(subjects)
      .values({ instituteId: school.id, standardId: school.standardId, name: 'Mathematics' })
      .returning({ id: subjects.id });
    maths = subject!.id;
    const studentLogin = await createStudent(db, school);
    studentId = studentLogin.studentId;
    const classmateLogin = await createStudent(db, school);
    const parentLogin = await createParent(db, school, [studentLogin.studentId]);
    const unplacedLogin = await createStudent(db, school, { years: [] });
    const coachingLogin = await createStudent(db, coaching);
    const teacher = await createTeacher(db, school, { name: 'Suresh Iyer', storage });

    // Monday 23-11: a classroom class (09:00 IST) and an online class; Wednesday 25-11: an offline exam and an online
    // exam (exams are OFFLINE here, so the online one is left out); section B's class on Monday too.
    const monday = await createClassSession(db, school, {
      classType: 'Class',
      name: '',
      subjectId: maths,
      topics: 'Linear equations',
      description: 'Bring the textbook',
      startsAt: at('2026-11-23T03:30:00Z'),
      durationMinutes: 45,
      teacherIds: [teacher],
      meetingWith: null,
      sessionLink: '',
    });
    const online = await createClassSession(db, school, {
      name: 'Maths live',
      subjectId: maths,
      startsAt: at('2026-11-23T08:30:00Z'),
      durationMinutes: 90,
    });
    await createClassSession(db, school, {
      classType: 'Offline Exam',
      name: 'Unit test',
      startsAt: at('2026-11-25T04:45:00Z'),
      durationMinutes: 90,
    });
    await createClassSession(db, school, {
      classType: 'Online Exam',
      name: 'Online mock',
      startsAt: at('2026-11-25T10:00:00Z'),
      testId: 77,
    });
    await createClassSession(db, school, {
      classType: 'Class',
      batchId: sectionB,
      name: 'Section B only',
      startsAt: at('2026-11-23T03:30:00Z'),
    });
    // Past classes with attendance: present, absent and on leave; a recorded online class.
    const past1 = await createClassSession(db, school, {
      classType: 'Class',
      subjectId: maths,
      startsAt: at('2026-11-02T03:30:00Z'),
      topics: 'Sets',
    });
    const past2 = await createClassSession(db, school, {
      classType: 'Class',
      subjectId: maths,
      startsAt: at('2026-11-09T03:30:00Z'),
    });
    const past3 = await createClassSession(db, school, { startsAt: at('2026-11-16T08:30:00Z'), name: 'Recorded live' });
    await createRecording(db, school, past3, { host: 'vdocipher', videoId: 'abc123' });
    await markAttendance(db, school, studentLogin.studentId, past1, {
      homeworkStatus: 'Done',
      remark: 'Attentive',
      homeworkAssigned: 'Exercise 2.1',
      note: 'Introduction to sets',
      topicsCovered: 'Sets',
    });
    await markAttendance(db, school, studentLogin.studentId, past2, { status: 'A', remark: 'Absent without leave' });
    await markAttendance(db, school, studentLogin.studentId, past3, { status: 'L' });
    await markAttendance(db, school, classmateLogin.studentId, past1, { status: 'A', remark: 'Classmate remark' });
    void online;
    void monday;
    await createEvent(db, school, { title: 'Founders Day holiday', startDate: '2026-11-26' });
    await createEvent(db, school, { eventType: 2, holidayType: 1, title: 'Science fair', startDate: '2026-11-27' });
    // Fees (the feed's window is 14-11-2026 to 16-01-2027): part-paid and due on 28-11 (Rs 12,500 left), fined and
    // overdue since 18-11 (in the window), fully paid on 05-12, overdue since before the window, due after it; a
    // classmate's due installment.
    const fees = await createFeePlan(db, school, studentLogin.studentId, {
      installments: [
        { due: '2026-11-28', amount: 2_000_000 },
        { due: '2026-11-18', amount: 300_000, fine: 10_000 },
        { due: '2026-12-05', amount: 500_000 },
        { due: '2026-11-01', amount: 400_000 },
        { due: '2027-03-10', amount: 600_000 },
      ],
    });
    dueInstallmentId = fees[0]!;
    await createFeePayment(db, storage, school, {
      studentId: studentLogin.studentId,
      receiptNo: 'FEED-RCPT-1',
      mode: 'Cheque',
      parts: [
        { studentInstallmentId: fees[0]!, amount: 750_000 },
        { studentInstallmentId: fees[2]!, amount: 500_000 },
      ],
    });
    await createFeePlan(db, school, classmateLogin.studentId, {
      installments: [{ due: '2026-11-30', amount: 999_900 }],
    });
    coachingSectionId = coaching.currentYear.batchId;
    await createClassSession(db, coaching, {
      classType: 'Class',
      startsAt: at('2026-11-23T03:30:00Z'),
      name: 'Coaching class',
    });
    await createClassSession(db, coaching, {
      startsAt: at('2026-11-23T05:30:00Z'),
      name: 'Coaching online (not offered)',
    });

    app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
    const login = (account: { login: string; password: string }, host?: string) =>
      signIn(app, { user_name: account.login, password: account.password }, host ? { host } : {});
    student = await login(studentLogin);
    classmate = await login(classmateLogin);
    parent = await login(parentLogin);
    unplaced = await login(unplacedLogin);
    coachingStudent = await login(coachingLogin, 'coaching.test');
  });
  afterAll(() => app.close());

  const post = (session: Session, url: string, payload: Record<string, unknown>, host = 'localhost') =>
    app.inject({ method: 'POST', url, headers: { authorization: session.student_auth, host }, payload });
  const timetable = (session: Session, body: Record<string, unknown> = {}, host?: string) =>
    post(session, '/api/v2/timeTable/v3', { ...timetableBody(session, '2026-11-01', '2026-11-30'), ...body }, host);
  const attendanceOf = (session: Session, batchId: number, body: Record<string, unknown> = {}) =>
    post(session, `/api/v1/reports/Student/attendance/${session.student_id}/${batchId}`, {
      ...attendanceBody(session, batchId, '2026-04-01', '2026-11-30'),
      ...body,
    });

  describe('timeTable/v3', () => {
    it("lists the month's schedules of the student's section by date, with the kinds the setup includes", async () => {
      const response = await timetable(student);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.time).toBe(fixedNow.toISOString());
      const list = body.result.batchTimeTableList;
      expect(Object.keys(list)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-25']);
      expect(list['2026-11-23'].map((entry: { class_type: string }) => entry.class_type)).toEqual([
        'Class',
        'Online Class',
      ]);
      // Exams are OFFLINE at this school: the online exam is left out even though the request asks for it.
      expect(list['2026-11-25'].map((entry: { class_type: string }) => entry.class_type)).toEqual(['Offline Exam']);
      expect(list['2026-11-23'][0]).toMatchObject({
        date: '2026-11-23',
        start_time: '09:00 AM',
        end_time: '09:45 AM',
        duration: 45,
        subject_name: 'Mathematics',
        course: 'Class 6 - A',
        topics_covered: 'Linear equations',
        teacher_name: 'Suresh Iyer',
        description: 'Bring the textbook',
        batch_id: sectionA,
        master_course_name: 'Class 6',
        end_date: '2026-11-23',
        // 1 present of 3 marked.
        student_attendance_percent: 33,
      });
      expect(list['2026-11-23'][0].t_photo_url).toMatch(/^\/api\/v1\/files\//);
      // The online class's link is not given out before it starts.
      expect(list['2026-11-23'][1]).toMatchObject({ session_name: 'Maths live', session_link: '', duration: 90 });
      expect(list['2026-11-16'][0].download_links).toEqual([
        expect.objectContaining({ video_host: 'vdocipher', video_id: 'abc123' }),
      ]);
      expect(response.body).not.toContain('Section B only');
    });

    it('leaves out online classes when the request does not include them', async () => {
      const list = (await timetable(student, { is_included_online_class: 'N' })).json().result.batchTimeTableList;
      expect(list['2026-11-23'].map((entry: { class_type: string }) => entry.class_type)).toEqual(['Class']);
    });

    it("reads a parent's selected child", async () => {
      const body = (await timetable(parent)).json();
      expect(Object.keys(body.result.batchTimeTableList)).toHaveLength(5);
    });

    it("answers 'Please assign course!' to a student in no section", async () => {
      const response = await timetable(unplaced);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please assign course!');
    });

    it('keeps a coaching institute with OFFLINE classes to classroom classes', async () => {
      const list = (await timetable(coachingStudent, {}, 'coaching.test')).json().result.batchTimeTableList;
      expect(list['2026-11-23'].map((entry: { session_name: string }) => entry.session_name)).toEqual([
        'Coaching class',
      ]);
    });

    it("refuses another student's id and bad windows", async () => {
      const other = await timetable(student, { student_id: classmate.student_id });
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Mathematics');
      expect((await timetable(student, { startdate: '2026-12-01' })).statusCode).toBe(400);
      expect((await timetable(student, { startdate: '2025-01-01' })).statusCode).toBe(400);
      expect((await timetable(student, { batch_id: sectionB })).statusCode).toBe(400);
    });
  });

  describe('attendance percent on the cards', () => {
    const percentOnMonday = async () =>
      (await timetable(student)).json().result.batchTimeTableList['2026-11-23'][0].student_attendance_percent;

    it("is the year's marks of the card's section, and follows a class moved to another section", async () => {
      // A present mark in October (outside the month asked) counts; one at section B's class does not.
      const october = await createClassSession(app.db, school, {
        classType: 'Class',
        startsAt: at('2026-10-05T03:30:00Z'),
      });
      const sectionBClass = await createClassSession(app.db, school, {
        classType: 'Class',
        batchId: sectionB,
        startsAt: at('2026-11-04T03:30:00Z'),
      });
      const added = [october, sectionBClass];
      const moveOctober = (batchId: number) => updateClassSession(app.db, school.id, october, { batchId });
      try {
        await markAttendance(app.db, school, studentId, october);
        await markAttendance(app.db, school, studentId, sectionBClass);
        // 2 present of 4 marked in section A.
        expect(await percentOnMonday()).toBe(50);
        // The October class now belongs to section B: its mark leaves section A's count (1 of 3).
        await moveOctober(sectionB);
        expect(await percentOnMonday()).toBe(33);
        await moveOctober(sectionA);
        expect(await percentOnMonday()).toBe(50);
      } finally {
        // Deleting the classes deletes their marks: the other tests see the month as they built it.
        await deleteClassSessions(app.db, school.id, added);
      }
      expect(await percentOnMonday()).toBe(33);
    });
  });

  describe('timeTable/year-count', () => {
    it('counts schedules per month, every month present', async () => {
      const response = await post(student, '/api/v2/timeTable/year-count', {
        year: 2026,
        institute_id: student.institute_id,
        student_id: student.student_id,
      });
      expect(response.statusCode).toBe(200);
      const result = response.json().result;
      expect(Object.keys(result)).toHaveLength(12);
      expect(result['11']).toBe(6);
      expect(result['10']).toBe(0);
    });
  });

  describe('reports/Student/attendance', () => {
    it("lists the student's own rows with every field and status", async () => {
      const response = await attendanceOf(student, sectionA);
      expect(response.statusCode).toBe(200);
      const rows = response.json().result;
      expect(rows.map((row: { status: string }) => row.status)).toEqual(['P', 'A', 'L']);
      expect(rows[0]).toEqual({
        date: '02-11-2026',
        start_time: '09:00 AM',
        end_time: '10:00 AM',
        status: 'P',
        custom_class_type: 'Class',
        home_work_status: 'Done',
        remark: 'Attentive',
        homework_assigned: 'Exercise 2.1',
        attendance_note: 'Introduction to sets',
        topics_covered: 'Sets',
      });
      expect(response.body).not.toContain('Classmate remark');
    });

    it('answers no rows for a window without marks (the popup shows its empty message)', async () => {
      const response = await attendanceOf(student, sectionA, { startdate: '2026-11-20', enddate: '2026-11-30' });
      expect(response.json().result).toEqual([]);
    });

    it("lets a parent read the child's attendance", async () => {
      expect((await attendanceOf(parent, sectionA)).json().result).toHaveLength(3);
    });

    it("refuses another section, another institute's section and another student without data", async () => {
      for (const batchId of [sectionB, coachingSectionId]) {
        const response = await attendanceOf(student, batchId);
        expect(response.statusCode).toBe(404);
      }
      const other = await post(student, `/api/v1/reports/Student/attendance/${classmate.student_id}/${sectionA}`, {
        batch_id: sectionA,
        startdate: '2026-04-01',
        enddate: '2026-11-30',
        institute_id: student.institute_id,
        student_id: classmate.student_id,
      });
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Classmate remark');
    });
  });

  describe('calendar feed', () => {
    const feedPath = (session: Session) =>
      `/api/v1/timeTable/calendar-feed/${session.institute_id}/${session.student_id}`;
    const call = (session: Session, method: 'GET' | 'POST' | 'DELETE') =>
      app.inject({
        method,
        url: feedPath(session),
        headers: { authorization: session.student_auth, host: 'localhost' },
      });

    it('makes an address a calendar app reads as RFC 5545, and revoking it stops it', async () => {
      expect((await call(student, 'GET')).json().result).toEqual({ active: false, created_at: null, feed_url: null });
      const made = (await call(student, 'POST')).json().result;
      expect(made.active).toBe(true);
      expect(made.feed_url).toMatch(/^http:\/\/localhost\/api\/v1\/timeTable\/ics\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
      // The status shows that there is one, not the secret (the server keeps only its hash).
      expect((await call(student, 'GET')).json().result).toEqual({
        active: true,
        created_at: fixedNow.toISOString(),
        feed_url: null,
      });

      const url = new URL(made.feed_url);
      const feed = await app.inject({ method: 'GET', url: url.pathname, headers: { host: 'localhost' } });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(feed.body));
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      const summaries = events.map((event) => event.summary);
      expect(summaries).toContain('Mathematics · Class');
      expect(summaries).toContain('Mathematics · Online Class');
      expect(summaries).toContain('Unit test · Offline Exam');
      // Holidays for schools; events that are not holidays stay in the event calendar.
      expect(summaries).toContain('Founders Day holiday');
      expect(summaries).not.toContain('Science fair');
      expect(summaries.join()).not.toContain('Section B only');
      const monday = events.find((event) => event.summary === 'Mathematics · Class' && event.startDate.day === 23)!;
      expect(monday.startDate.toJSDate().toISOString()).toBe('2026-11-23T03:30:00.000Z');
      expect(monday.endDate.toJSDate().toISOString()).toBe('2026-11-23T04:15:00.000Z');
      const holiday = events.find((event) => event.summary === 'Founders Day holiday')!;
      expect(holiday.startDate.isDate).toBe(true);
      expect(holiday.startDate.toString()).toBe('2026-11-26');
      // Fee due dates in the window with what is left to pay, all-day on the due date, one uid per installment.
      const fees = events.filter((event) => event.summary.startsWith('Fee due'));
      expect(fees.map((event) => [event.summary, event.startDate.toString(), event.startDate.isDate])).toEqual(
        expect.arrayContaining([
          ['Fee due: Installment 1 · Rs 12,500', '2026-11-28', true],
          ['Fee due: Installment 2 · Rs 3,100', '2026-11-18', true],
        ]),
      );
      expect(fees).toHaveLength(2);
      expect(fees.find((event) => event.startDate.toString() === '2026-11-28')!.uid).toBe(
        `fee-${student.institute_id}-${dueInstallmentId}`,
      );
      // Not the paid one, not the classmate's, and nothing else of fees: no receipt number, mode or amount paid.
      expect(feed.body).not.toMatch(/Rs 5,000|Rs 9,999|Rs 20,000|Rs 7,500|FEED-RCPT|Cheque/);
      // No other data than the timetable's: no attendance, remarks or phone numbers.
      expect(feed.body).not.toMatch(/Attentive|Absent without leave|700000/);

      // Only at its institute's hosts.
      expect(
        (await app.inject({ method: 'GET', url: url.pathname, headers: { host: 'coaching.test' } })).statusCode,
      ).toBe(404);
      // A new address replaces the old one.
      const again = (await call(student, 'POST')).json().result;
      expect((await app.inject({ method: 'GET', url: url.pathname, headers: { host: 'localhost' } })).statusCode).toBe(
        404,
      );
      expect((await call(student, 'DELETE')).json().result.active).toBe(false);
      const revoked = await app.inject({
        method: 'GET',
        url: new URL(again.feed_url).pathname,
        headers: { host: 'localhost' },
      });
      expect(revoked.statusCode).toBe(404);
      expect(revoked.body).not.toContain('VCALENDAR');
    });

    it('lets a parent make and revoke the child’s address, and refuses another student', async () => {
      const made = await call(parent, 'POST');
      expect(made.statusCode).toBe(200);
      expect((await call(parent, 'DELETE')).statusCode).toBe(200);
      const other = await app.inject({
        method: 'POST',
        url: `/api/v1/timeTable/calendar-feed/${student.institute_id}/${classmate.student_id}`,
        headers: { authorization: student.student_auth, host: 'localhost' },
      });
      expect(other.statusCode).toBe(404);
    });

    describe('one address per account', () => {
      const open = (feedUrl: string) =>
        app.inject({ method: 'GET', url: new URL(feedUrl).pathname, headers: { host: 'localhost' } });
      const summariesOf = (body: string) =>
        new ICAL.Component(ICAL.parse(body))
          .getAllSubcomponents('vevent')
          .map((vevent) => new ICAL.Event(vevent).summary);
      const make = async (session: Session): Promise<string> => (await call(session, 'POST')).json().result.feed_url;
      const isActive = async (session: Session): Promise<boolean> => (await call(session, 'GET')).json().result.active;

      it('leaves the student’s address working when the parent asks for one', async () => {
        const students = await make(student);
        expect(await isActive(parent)).toBe(false);
        const parents = await make(parent);
        expect(parents).not.toBe(students);
        const feed = await open(students);
        expect(feed.statusCode).toBe(200);
        expect(summariesOf(feed.body)).toContain('Mathematics · Class');
        // The parent's lists the same child's timetable.
        const parentsFeed = await open(parents);
        expect(parentsFeed.statusCode).toBe(200);
        expect(summariesOf(parentsFeed.body)).toContain('Mathematics · Class');
        expect([await isActive(student), await isActive(parent)]).toEqual([true, true]);
      });

      it('revokes only the address of the account that asks: neither can revoke the other’s', async () => {
        const students = await make(student);
        const parents = await make(parent);
        expect((await call(parent, 'DELETE')).statusCode).toBe(200);
        expect((await open(parents)).statusCode).toBe(404);
        expect((await open(students)).statusCode).toBe(200);
        expect([await isActive(student), await isActive(parent)]).toEqual([true, false]);

        const parentsAgain = await make(parent);
        expect((await call(student, 'DELETE')).statusCode).toBe(200);
        expect((await open(students)).statusCode).toBe(404);
        expect((await open(parentsAgain)).statusCode).toBe(200);
        expect([await isActive(student), await isActive(parent)]).toEqual([false, true]);
        await call(parent, 'DELETE');
      });

      it('stops the parent’s address once the parent no longer has the child, and only the parent’s', async () => {
        const students = await make(student);
        const parents = await make(parent);
        const link = and(eq(studentParents.instituteId, school.id), eq(studentParents.studentId, studentId));
        const [row] = await app.db.delete(studentParents).where(link).returning();
        try {
          expect((await open(parents)).statusCode).toBe(404);
          expect((await open(students)).statusCode).toBe(200);
        } finally {
          await app.db.insert(studentParents).values(row!);
        }
        await call(student, 'DELETE');
        await call(parent, 'DELETE');
      });
    });

    it('answers 404 to a made-up secret', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/timeTable/ics/not-a-real-secret/calendar.ics',
        headers: { host: 'localhost' },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
