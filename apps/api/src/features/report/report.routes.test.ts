import type { Session } from '@campus/domain/auth/auth.contract';
import { scoreAttempt } from '@campus/domain/exam/exam-rules';
import { competitionRanks } from '@campus/domain/report/report-rules';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  type TestInstitute,
} from '../../../test/factories/institutes.ts';
import { createAttempt, factoryPaper } from '../../../test/factories/report.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { examQuestions } from '../../db/schema/exam.ts';
import { reportOfflineExams, reportOfflineMarks, reportResults } from '../../db/schema/report.ts';
import { rankTest } from './report.repository.ts';
import { reportMessages } from './report.routes.ts';

const minute = 60_000;
/** A submitted attempt with its answers (by question number), scored by the exam rules as a submission is. */
const takeTest = (
  db: Db,
  institute: TestInstitute,
  who: { userId: number; studentId: number | null },
  testId: number,
  answers: Record<number, string>,
  options: { minutes?: number; bookmarks?: number[]; attemptNo?: number } = {},
) => createAttempt(db, institute, who, testId, { answers, ...options });

// Built from factories: a school at 'localhost' with four students who took a released test (scores 9.5, 12,
// 9.5, -1: ranks 2, 1, 2, 4), a parent, an unreleased test, and another institute.
describe('exam reports', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let db: Db;
  let school: TestInstitute;
  let student: Session;
  let classmate: Session;
  let parent: Session;
  let elsewhere: Session;
  let released = 0;
  let unreleased = 0;
  let foreign = 0;
  let untaken = 0;
  let q2 = 0;
  let q6 = 0;
  let unreleasedQuestion = 0;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    db = database.db;
    school = await createInstitute(db, { host: 'localhost', examMode: 'HYBRID_BLENDED', isSchool: false });
    const other = await createInstitute(db, { host: 'other.test' });
    const a = await createStudent(db, school, { user: { name: 'Asha Report' } });
    const b = await createStudent(db, school);
    const c = await createStudent(db, school);
    const d = await createStudent(db, school);
    const parentLogin = await createParent(db, school, [a.studentId]);
    const e = await createStudent(db, other);
    released = await createExamTest(db, school, {
      name: 'Released mock',
      testTypeId: 1,
      isResultPublished: true,
      startsAt: new Date(fixedNow.getTime() - 3 * 86_400_000),
      endsAt: new Date(fixedNow.getTime() - 60 * minute),
    });
    unreleased = await createExamTest(db, school, { name: 'Unreleased online', isResultPublished: false });
    untaken = await createExamTest(db, school, { name: 'Untaken', isResultPublished: true });
    foreign = await createExamTest(db, other, { name: 'Foreign released', isResultPublished: true });
    // Asha: Q1 right 4, Q2 half of a,c = 2 (partial), Q3 wrong -0.5, Q5 right 2, Q7 right 2: 9.5.
    const asha = { 1: 'b', 2: 'a', 3: 'b', 5: 'q,p', 7: 'c' };
    await takeTest(db, school, a, released, asha, { minutes: 20, bookmarks: [2, 6] });
    await takeTest(db, school, b, released, { 1: 'b', 2: 'a,c', 3: 'a', 7: 'c' }, { minutes: 30 }); // 12
    await takeTest(db, school, c, released, asha, { minutes: 25 }); // 9.5
    await takeTest(db, school, d, released, { 1: 'a' }, { minutes: 5 }); // -1
    await takeTest(db, school, a, unreleased, { 1: 'b' }, { bookmarks: [1] });
    await takeTest(db, other, e, foreign, { 1: 'b' }, { bookmarks: [1] });
    const questionId = async (testId: number, questionNo: number) =>
      (
        await db
          .select({ id: examQuestions.id })
          .from(examQuestions)
          .where(and(eq(examQuestions.testId, testId), eq(examQuestions.questionNo, questionNo)))
      )[0]!.id;
    q2 = await questionId(released, 2);
    q6 = await questionId(released, 6);
    unreleasedQuestion = await questionId(unreleased, 1);

    // Offline: two past exams (one present, one absent) and one upcoming, in the school's batch.
    const [past1, past2, future] = await db
      .insert(reportOfflineExams)
      .values([
        {
          instituteId: school.id,
          batchId: school.currentYear.batchId,
          examDate: '2026-10-05',
          startTime: '10:00',
          endTime: '11:00',
          topicName: 'Algebra',
          description: 'Unit test 1',
          subjects: [
            { name: 'Maths', totalMarks: 50 },
            { name: 'Physics', totalMarks: 50 },
          ],
        },
        {
          instituteId: school.id,
          batchId: school.currentYear.batchId,
          examDate: '2026-11-02',
          startTime: '10:00',
          endTime: '11:00',
          subjects: [{ name: 'Maths', totalMarks: 25 }],
        },
        {
          instituteId: school.id,
          batchId: school.currentYear.batchId,
          examDate: '2026-12-10',
          startTime: '09:00',
          endTime: '10:30',
          subjects: [{ name: 'Chemistry', totalMarks: 40 }],
        },
      ])
      .returning({ id: reportOfflineExams.id });
    await db.insert(reportOfflineMarks).values([
      {
        instituteId: school.id,
        examId: past1!.id,
        studentId: a.studentId,
        subjectName: 'Maths',
        attendance: 'P',
        marksObtained: 41,
        rank: 2,
      },
      {
        instituteId: school.id,
        examId: past1!.id,
        studentId: a.studentId,
        subjectName: 'Physics',
        attendance: 'P',
        marksObtained: 35.5,
        rank: 3,
      },
      {
        instituteId: school.id,
        examId: past1!.id,
        studentId: b.studentId,
        subjectName: 'Maths',
        attendance: 'P',
        marksObtained: 48,
        rank: 1,
      },
      {
        instituteId: school.id,
        examId: past2!.id,
        studentId: a.studentId,
        subjectName: 'Maths',
        attendance: 'A',
        marksObtained: null,
        rank: null,
      },
    ]);
    void future;

    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    student = await signIn(app, { user_name: a.login, password: a.password });
    classmate = await signIn(app, { user_name: b.login, password: b.password });
    parent = await signIn(app, { user_name: parentLogin.login, password: parentLogin.password });
    elsewhere = await signIn(app, { user_name: e.login, password: e.password }, { host: 'other.test' });
  });
  afterAll(() => app.close());

  const report = (session: Session, testId: number, host = 'localhost', userId = session.user_id) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/studentdashboard/testReports/${session.account_id}/${userId}/${testId}/-1`,
      headers: { authorization: session.scorecard_auth_token, host },
    });
  const exam = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: session.examdesk_auth_token, host: 'localhost' },
      payload: payload as never,
    });

  it('answers every figure of the report against the hand-computed fixture', async () => {
    const response = await report(student, released);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.test_name).toBe('Released mock');
    expect(body.test_report).toEqual({
      rank: 2,
      total_score: 9.5,
      total_marks: 21,
      total_students: 4,
      right_ques_count: 3,
      wrong_ques_count: 1,
      left_ques_count: 2,
      total_attempted_time: 1200,
      percentile: 50,
      attempted_ques_count: 5,
    });
    expect(body.topper_report).toEqual({
      marks_obtained: 12,
      maximum_marks: 21,
      total_correct_que: 4,
      total_incorrect_que: 0,
      total_attempted: 4,
      total_time_taken: 1800,
    });
    // (9.5 + 12 + 9.5 − 1) ÷ 4; right (3+4+3+0) ÷ 4; wrong (1+0+1+1) ÷ 4; answered (5+4+5+1) ÷ 4; 80 min ÷ 4.
    expect(body.average_report).toEqual({
      marks: 7.5,
      correct: 2.5,
      incorrect: 0.75,
      attempted: 3.75,
      time_taken: 1200,
    });
    expect(body.subject_wise_distribution).toEqual([
      {
        subject_name: 'Section A',
        total_score: 9.5,
        total_attempted_time: 1200,
        right_ques_count: 3,
        wrong_ques_count: 1,
        left_ques_count: 2,
        right_ques_marks: 8,
        wrong_ques_marks: -0.5,
      },
    ]);
    expect(
      body.question_wise_distribution.map((q: { is_correct: number; total_score: number }) => [
        q.is_correct,
        q.total_score,
      ]),
    ).toEqual([
      [1, 4],
      [2, 2],
      [0, -0.5],
      [-1, 0],
      [1, 2],
      [-1, 0],
      [1, 2],
    ]);
    expect(body.question_wise_distribution[1]).toMatchObject({
      question_order: 2,
      student_answer: 'a',
      correct_answer: 'a,c',
      ques_type: 3,
    });
  });

  it('shows a parent the selected child’s report, and the classmate their own rank', async () => {
    const forParent = await report(parent, released);
    expect(forParent.statusCode, forParent.body).toBe(200);
    expect(forParent.json().test_report.total_score).toBe(9.5);
    const own = await report(classmate, released);
    expect(own.json().test_report).toMatchObject({ rank: 1, total_score: 12, percentile: 75 });
  });

  it('refuses unreleased results, untaken tests, other students and other institutes without data', async () => {
    for (const response of [
      await report(student, unreleased),
      await report(student, untaken),
      await report(student, released, 'localhost', classmate.user_id),
      await report(student, foreign),
      await report(elsewhere, released, 'other.test'),
      await report(student, released, 'other.test'),
    ]) {
      expect([401, 403, 404], response.body).toContain(response.statusCode);
      expect(response.body).not.toContain('9.5');
      expect(response.body).not.toContain('rank');
    }
    expect((await report(student, unreleased)).json().message).toBe(reportMessages.noReport);
    // The main session's own credential is not the score card's.
    const wrongToken = await app.inject({
      method: 'GET',
      url: `/api/v1/studentdashboard/testReports/${student.user_id}/${student.user_id}/${released}/-1`,
      headers: { authorization: student.student_auth, host: 'localhost' },
    });
    expect(wrongToken.statusCode).toBe(401);
  });

  it('stores competition ranks equal to a brute-force ranking, and re-ranks when a late attempt is added', async () => {
    const testId = await createExamTest(db, school, { name: 'Ranked drill', testTypeId: 2, isResultPublished: true });
    const takers = await Promise.all(Array.from({ length: 12 }, () => createStudent(db, school)));
    const choices = ['b', 'a', '', 'c'];
    const answerSets = takers.map((_, index) => ({
      1: choices[index % 4]!,
      2: index % 3 === 0 ? 'a,c' : 'a',
      7: choices[(index * 7) % 4]!,
    }));
    for (const [index, taker] of takers.entries()) await takeTest(db, school, taker, testId, answerSets[index]!);
    await rankTest(db, school.id, testId, fixedNow);
    const stored = async () =>
      db
        .select()
        .from(reportResults)
        .where(and(eq(reportResults.instituteId, school.id), eq(reportResults.testId, testId)));
    const scores = answerSets.map(
      (answers) =>
        scoreAttempt(
          factoryPaper,
          factoryPaper.map((_, i) => answers[(i + 1) as 1]),
        ).total_score,
    );
    const expected = competitionRanks(scores);
    const rows = await stored();
    expect(rows).toHaveLength(12);
    for (const [index, taker] of takers.entries()) {
      expect(rows.find((row) => row.userId === taker.userId)!.rank).toBe(expected[index]);
    }
    // A second, better attempt of the last taker counts (best attempt) once ranked again.
    await takeTest(
      db,
      school,
      takers[11]!,
      testId,
      { 1: 'b', 2: 'a,c', 3: 'a', 4: 'a=q|b=p', 5: 'q,p', 7: 'c' },
      { attemptNo: 2 },
    );
    await rankTest(db, school.id, testId, fixedNow);
    expect((await stored()).find((row) => row.userId === takers[11]!.userId)!.rank).toBe(1);
  });

  it('lists the offline results by batch with attendance, marks and rank, and the upcoming exam', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/reports/Student/${student.student_id}`,
      headers: { authorization: student.student_auth, host: 'localhost' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.show_exam_rank).toBe(true);
    expect(body.pastCourseExamSchdJson).toHaveLength(1);
    const [absent, present] = body.pastCourseExamSchdJson[0].pastCourseExamList;
    expect(present).toMatchObject({
      exam_date: '05-Oct-2026',
      start_time: '10:00',
      end_time: '11:00',
      attendance_status: 'P',
      isAbsent: 'N',
      courseLevelMarksObtain: 76.5,
      courseLevelTotalMarks: 100,
      topic_name: 'Algebra',
      examDesc: 'Unit test 1',
      subjectWiseExamSchdList: [
        { subject_name: 'Maths', marks_obtained: 41, total_marks: 50, rank: 2 },
        { subject_name: 'Physics', marks_obtained: 35.5, total_marks: 50, rank: 3 },
      ],
    });
    expect(absent).toMatchObject({
      exam_date: '02-Nov-2026',
      attendance_status: 'A',
      isAbsent: 'Y',
      courseLevelMarksObtain: null,
    });
    expect(body.batchExamSchdJsons.futureCourseExamSchdJson[0].futureCourseExamList).toMatchObject([
      { exam_date: '10-Dec-2026', subject_name: 'Chemistry', attendance_status: '' },
    ]);
    // The classmate's 48 never shows in Asha's answer; another student's id is refused.
    expect(response.body).not.toContain('48');
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/reports/Student/${classmate.student_id}`,
      headers: { authorization: student.student_auth, host: 'localhost' },
    });
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toContain('Algebra');
  });

  it('lists bookmarks, opens a released one in full, refuses an unreleased one, and removes with validate 1', async () => {
    const list = await exam(student, 'GET', `/student/testLabels/bookmark/${student.user_id}`);
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((b: { ques_id: number }) => b.ques_id);
    expect(ids).toEqual(expect.arrayContaining([q2, q6, unreleasedQuestion]));
    expect(list.body).not.toContain('SECRET-SOLUTION-TEXT');

    const detail = await exam(student, 'GET', `/student/testLabels/bookmark/${student.user_id}/${q2}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      ques_id: q2,
      ques_type: 3,
      correct_ans: 'a,c',
      attempt_answer: 'a',
      feedback: 'SECRET-SOLUTION-TEXT',
    });
    expect(detail.json().data.options.filter((o: { is_correct: number }) => o.is_correct === 1)).toHaveLength(2);

    const hidden = await exam(student, 'GET', `/student/testLabels/bookmark/${student.user_id}/${unreleasedQuestion}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Pick b');

    const byParent = await exam(parent, 'POST', '/student/testLabels/deleteBookmark', {
      student_id: student.student_id,
      question_id: q2,
    });
    expect(byParent.statusCode).toBe(403);

    const removed = await exam(student, 'POST', '/student/testLabels/deleteBookmark', {
      student_id: student.student_id,
      question_id: q2,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ validate: 1, message: reportMessages.bookmarkRemoved });
    const after = await exam(student, 'GET', `/student/testLabels/bookmark/${student.user_id}`);
    expect(after.json().data.map((b: { ques_id: number }) => b.ques_id)).not.toContain(q2);
    expect(after.json().data.map((b: { ques_id: number }) => b.ques_id)).toContain(q6);

    // Another student's list and a question of a test the student never took are refused.
    const others = await exam(student, 'GET', `/student/testLabels/bookmark/${classmate.user_id}`);
    expect(others.statusCode).toBe(403);
    expect(others.body).not.toContain('Pick');
    const notTaken = await exam(classmate, 'POST', '/student/testLabels/deleteBookmark', {
      student_id: classmate.student_id,
      question_id: unreleasedQuestion,
    });
    expect(notTaken.statusCode).toBe(404);
  });

  it('serves the score card page and a PDF that carries the figures; a forged address is refused', async () => {
    const body = (await report(student, released)).json();
    const page = await app.inject({ method: 'GET', url: body.score_card_url, headers: { host: 'localhost' } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Asha Report');
    expect(page.body).toContain('2 of 4');
    // The page's download link resolves next to it: …/scorecard/{token}/1.
    expect(new URL(page.body.match(/href="([^"]+)"/)![1]!, `http://localhost${body.score_card_url}`).pathname).toBe(
      body.score_card_download_url,
    );
    const pdf = await app.inject({ method: 'GET', url: body.score_card_download_url, headers: { host: 'localhost' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Released mock');
    expect(text).toContain('Asha Report');
    expect(text).toContain('2 of 4');
    expect(text).toContain('9.5 / 21');
    expect(text).toContain('0:20:00');
    const forged = body.score_card_download_url.replace(`-${student.user_id}-`, `-${classmate.user_id}-`);
    const refused = await app.inject({ method: 'GET', url: forged, headers: { host: 'localhost' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('12');
    const otherHost = await app.inject({ method: 'GET', url: body.score_card_url, headers: { host: 'other.test' } });
    expect(otherHost.statusCode).toBe(403);
  });
});
