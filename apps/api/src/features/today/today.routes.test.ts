import type { Session } from '@campus/domain/auth/auth.contract';
import type { TodayAnswer, TodayChild } from '@campus/domain/today/today.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createAssignment, createSubmission } from '../../../test/factories/assignments.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createFeePlan } from '../../../test/factories/fees.ts';
import { createAnnouncement } from '../../../test/factories/home.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  createSubject,
  everyAreaOn,
} from '../../../test/factories/institutes.ts';
import { createAttempt, createOfflineExam, recordOfflineMarks } from '../../../test/factories/report.ts';
import { createStandard } from '../../../test/factories/standards.ts';
import { createClassSession, markAttendance } from '../../../test/factories/timetable.ts';
import { createTestApp, fixedNow } from '../../../test/helpers.ts';

/** A Kolkata wall-clock time on a date, as an instant (+05:30). The fixed clock is 12:00 on 21-11-2026 there. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const day = 86_400_000;

/** Today (issue 31): a student's own day, and every child of a parent in one answer, each child's rows only. */
describe('GET /api/v1/today', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  let mother: Session;
  let otherParent: Session;
  const host = 'today.test';

  beforeAll(async () => {
    app = await createTestApp();
    const school = await createInstitute(app.db, { host, ...everyAreaOn });
    // Diya is in another standard, so nothing her batch is given reaches Aarav's.
    const class7 = await createStandard(app.db, school, 'Class 7');
    const aaravRow = await createStudent(app.db, school, { user: { name: 'Aarav' } });
    const diyaRow = await createStudent(app.db, class7, { user: { name: 'Diya' } });
    // Kabir shares Aarav's batch, but only another parent may view him.
    const kabirRow = await createStudent(app.db, school, { user: { name: 'Kabir' } });
    const motherRow = await createParent(app.db, school, [aaravRow.studentId, diyaRow.studentId]);
    const otherRow = await createParent(app.db, school, [kabirRow.studentId]);
    const maths = await createSubject(app.db, school, 'Maths');
    const english = await createSubject(app.db, class7, 'English');

    // Classes: Aarav's two today (absent at the first, the second still ahead), one yesterday; Diya's one today.
    const first = await createClassSession(app.db, school, {
      classType: 'Class',
      subjectId: maths,
      startsAt: at('2026-11-21', '09:00'),
    });
    await createClassSession(app.db, school, {
      classType: 'Online Class',
      name: 'Aarav live revision',
      startsAt: at('2026-11-21', '15:00'),
    });
    await createClassSession(app.db, school, {
      classType: 'Class',
      name: 'Yesterday class',
      startsAt: at('2026-11-20', '09:00'),
    });
    const diyaClass = await createClassSession(app.db, class7, {
      classType: 'Class',
      subjectId: english,
      startsAt: at('2026-11-21', '10:00'),
    });
    await markAttendance(app.db, school, aaravRow.studentId, first, { status: 'A' });
    await markAttendance(app.db, school, kabirRow.studentId, first, { status: 'P' });
    await markAttendance(app.db, class7, diyaRow.studentId, diyaClass, { status: 'P' });

    // Homework: due today (pending), due tomorrow (handed in: not listed), due in three days (not yet).
    await createAssignment(app.db, school, maths, { title: 'Fractions worksheet', dueAt: at('2026-11-21', '17:00') });
    const handedIn = await createAssignment(app.db, school, maths, {
      title: 'Handed-in homework',
      dueAt: at('2026-11-22', '17:00'),
    });
    await createSubmission(app.db, app.storage, school, handedIn, aaravRow.studentId, { status: 'Submitted' });
    await createAssignment(app.db, school, maths, { title: 'Later homework', dueAt: at('2026-11-24', '17:00') });
    await createAssignment(app.db, class7, english, { title: 'Diya essay', dueAt: at('2026-11-22', '09:00') });

    // Tests: one open now for each batch, one closed yesterday.
    await createExamTest(app.db, school, { name: 'Aarav open test' });
    await createExamTest(app.db, school, {
      name: 'Closed test',
      startsAt: new Date(fixedNow.getTime() - 3 * day),
      endsAt: new Date(fixedNow.getTime() - day),
    });
    await createExamTest(app.db, class7, { name: 'Diya open test' });
    // Taken already (the institute allows more tries): done for the day.
    const taken = await createExamTest(app.db, school, { name: 'Taken test' });

    // Fees: due within the week, and later (not listed); Kabir's own.
    await createFeePlan(app.db, school, aaravRow.studentId, {
      installments: [
        { due: '2026-11-24', amount: 150_000 },
        { due: '2026-12-20', amount: 90_000 },
      ],
    });
    await createFeePlan(app.db, class7, diyaRow.studentId, {
      installments: [{ due: '2026-11-21', amount: 1_23_456_00 }],
    });
    await createFeePlan(app.db, school, kabirRow.studentId, { installments: [{ due: '2026-11-22', amount: 77_700 }] });

    // Notices: to Aarav's batch two days ago, an old one, to Diya's batch yesterday.
    await createAnnouncement(app.db, school, {
      title: 'Sports day',
      batchIds: [school.currentYear.batchId],
      announcedAt: new Date(fixedNow.getTime() - 2 * day),
    });
    await createAnnouncement(app.db, school, {
      title: 'Old notice',
      batchIds: [school.currentYear.batchId],
      announcedAt: new Date(fixedNow.getTime() - 10 * day),
    });
    await createAnnouncement(app.db, class7, {
      title: 'Class 7 picnic',
      batchIds: [class7.currentYear.batchId],
      announcedAt: new Date(fixedNow.getTime() - day),
    });

    // Results: Aarav's offline exam two days ago (and an old one), Diya's released online test; Kabir's own.
    await recordOfflineMarks(
      app.db,
      school,
      await createOfflineExam(app.db, school, { examDate: '2026-11-19', topicName: 'Unit test 3' }),
      aaravRow.studentId,
    );
    await recordOfflineMarks(
      app.db,
      school,
      await createOfflineExam(app.db, school, { examDate: '2026-11-01', topicName: 'Unit test 1' }),
      aaravRow.studentId,
    );
    await recordOfflineMarks(
      app.db,
      school,
      await createOfflineExam(app.db, school, { examDate: '2026-11-20', topicName: 'Kabir retest' }),
      kabirRow.studentId,
    );
    const released = await createExamTest(app.db, class7, {
      name: 'Diya weekly test',
      isResultPublished: true,
      startsAt: new Date(fixedNow.getTime() - 2 * day),
      endsAt: new Date(fixedNow.getTime() - day / 2),
    });
    await createAttempt(app.db, class7, { userId: diyaRow.userId, studentId: diyaRow.studentId }, released);

    await createAttempt(app.db, school, { userId: aaravRow.userId, studentId: aaravRow.studentId }, taken);

    aarav = await signIn(app, { user_name: aaravRow.login, password: aaravRow.password }, { host });
    // The parent views Aarav; Today still answers for Diya too.
    mother = await signIn(
      app,
      {
        user_name: motherRow.login,
        password: motherRow.password,
        user_type: 2,
        user_id: aaravRow.userId,
        institute_id: school.id,
      },
      { host },
    );
    otherParent = await signIn(app, { user_name: otherRow.login, password: otherRow.password }, { host });
  });
  afterAll(() => app?.close());

  const today = async (session: Session): Promise<TodayAnswer> => {
    const answer = await getAs(app, session.student_auth, '/api/v1/today', host);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const titles = (child: TodayChild | undefined) => child?.lines.map((line) => `${line.kind}: ${line.title}`);

  it('answers a student their own day in the institute’s zone, each line with its screen', async () => {
    const answer = await today(aarav);
    expect(answer.date).toBe('21-11-2026');
    expect(answer.children).toHaveLength(1);
    const [own] = answer.children;
    expect(own).toMatchObject({ name: 'Aarav', student_id: aarav.student_id, user_id: aarav.user_id });
    expect(own!.lines).toEqual([
      {
        kind: 'class',
        title: 'Maths',
        detail: '09:00 AM – 10:00 AM',
        badge: 'Absent',
        path: '/timetable?date=2026-11-21',
      },
      {
        kind: 'class',
        title: 'Aarav live revision',
        detail: '03:00 PM – 04:00 PM · Online Class',
        badge: 'Upcoming',
        path: '/timetable?date=2026-11-21',
      },
      {
        kind: 'homework',
        title: 'Fractions worksheet',
        detail: 'Maths · Due today 05:00 PM',
        badge: '',
        path: expect.stringMatching(/^\/assignment\/\d+$/),
      },
      { kind: 'test', title: 'Aarav open test', detail: 'Open until 28-11-2026 12:00 PM', badge: '', path: '/exam' },
      { kind: 'fee', title: 'Installment 1', detail: 'Due on 24-11-2026', badge: 'Rs 1,500', path: '/fees' },
      { kind: 'notice', title: 'Sports day', detail: '19-11-2026 12:00 PM', badge: '', path: '/announcement' },
      { kind: 'result', title: 'Unit test 3', detail: 'Offline exam on 19-11-2026', badge: '', path: '/report' },
    ]);
  });

  it('answers a parent every linked child in one view, each with only that child’s lines', async () => {
    const answer = await today(mother);
    expect(answer.children.map((child) => child.name)).toEqual(['Aarav', 'Diya']);
    const [son, daughter] = answer.children;
    expect(titles(son)).toEqual([
      'class: Maths',
      'class: Aarav live revision',
      'homework: Fractions worksheet',
      'test: Aarav open test',
      'fee: Installment 1',
      'notice: Sports day',
      'result: Unit test 3',
    ]);
    expect(titles(daughter)).toEqual([
      'class: English',
      'homework: Diya essay',
      'test: Diya open test',
      'fee: Installment 1',
      'notice: Class 7 picnic',
      'result: Diya weekly test',
    ]);
    // Each child's own marks and amounts: Diya was present, her fee is her own.
    expect(daughter!.lines[0]!.badge).toBe('Present');
    expect(daughter!.lines.find((line) => line.kind === 'fee')).toMatchObject({
      detail: 'Due today',
      badge: 'Rs 1,23,456',
    });
    expect(daughter!.lines.find((line) => line.kind === 'homework')!.detail).toBe('English · Due tomorrow 09:00 AM');
  });

  it('never shows another parent’s child', async () => {
    const answer = await today(mother);
    const text = JSON.stringify(answer);
    expect(text).not.toContain('Kabir');
    expect(text).not.toContain('Rs 777');

    const other = await today(otherParent);
    expect(other.children.map((child) => child.name)).toEqual(['Kabir']);
    const kabir = other.children[0]!;
    // Kabir shares Aarav's batch (its classes and notices) but keeps his own marks, fees and results.
    expect(kabir.lines[0]).toMatchObject({ title: 'Maths', badge: 'Present' });
    expect(titles(kabir)).toContain('result: Kabir retest');
    expect(titles(kabir)).not.toContain('result: Unit test 3');
    expect(kabir.lines.find((line) => line.kind === 'fee')).toMatchObject({ badge: 'Rs 777' });
  });

  it('refuses a request without a session', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/today', headers: { host } });
    expect(answer.statusCode).toBe(401);
  });
});
