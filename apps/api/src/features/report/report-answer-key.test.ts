import type { Session } from '@campus/domain/auth/auth.contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { examQuestions } from '../../db/schema/exam.ts';

const minute = 60_000;

interface QuestionRow {
  question_order: number;
  is_correct: number;
  student_answer: string;
  correct_answer: string;
  total_score: number;
}

// Issue 25 finding 3: the answer key (correct answers, solutions, per-question verdicts) while the test can still
// be taken. Built from factories (the factory paper: q1 'b', q2 'a,c' with the solution 'SECRET-SOLUTION-TEXT');
// attempts go through the real panel; the clock is moved by hand.
describe('the answer key while a test can still be taken', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let student: Session;
  let classmate: Session;
  let practice = 0;
  let online = 0;
  const onlineEnds = new Date(fixedNow.getTime() + 20 * minute);
  const questionIds = new Map<string, number>();

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const a = await createStudent(db, school);
    const b = await createStudent(db, school);
    practice = await createExamTest(db, school, {
      name: 'Drill of three tries',
      testTypeId: 2,
      testLimit: 3,
      isResultPublished: true,
    });
    // Released while its window is open; it closes 20 minutes from the start of the run (the attempts end there).
    online = await createExamTest(db, school, { name: 'Weekly online', isResultPublished: true, endsAt: onlineEnds });
    for (const testId of [practice, online]) {
      const [q2] = await db
        .select({ id: examQuestions.id })
        .from(examQuestions)
        .where(and(eq(examQuestions.testId, testId), eq(examQuestions.questionNo, 2)));
      questionIds.set(`${testId}`, q2!.id);
    }
    app = await createTestApp({ database, now: () => clock, rateLimits: { loginPerMinute: 1000 } });
    student = await signIn(app, { user_name: a.login, password: a.password });
    classmate = await signIn(app, { user_name: b.login, password: b.password });
  });
  afterAll(() => app.close());

  const desk = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: session.examdesk_auth_token, host: 'localhost' },
      payload: payload as never,
    });
  const panel = (token: string, method: 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: token, host: 'localhost' }, payload: payload as never });

  /** Launches and opens a test in the panel: the attempt credential. */
  async function start(session: Session, testId: number): Promise<string> {
    const launched = await desk(session, 'POST', '/examPanel/launch', { test_id: testId });
    expect(launched.statusCode, launched.body).toBe(200);
    const opened = await app.inject({
      method: 'POST',
      url: '/examPanel/open',
      headers: { host: 'localhost' },
      payload: { launch_token: launched.json().launch_token },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json().attempt_token;
  }
  const submit = async (token: string) =>
    expect((await panel(token, 'POST', '/examPanel/attempt/submit')).statusCode).toBe(200);
  /** An attempt answering q1 wrong ('a') and q2 right ('a,c', bookmarked), submitted. */
  async function takeHalf(session: Session, testId: number) {
    const token = await start(session, testId);
    const saved = await panel(token, 'PUT', '/examPanel/attempt/answers', {
      answers: [
        { question_no: 1, seq: 1, answer: 'a' },
        { question_no: 2, seq: 2, answer: 'a,c', bookmarked: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await submit(token);
  }

  const report = async (testId: number) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/studentdashboard/testReports/${student.account_id}/${student.user_id}/${testId}/-1`,
      headers: { authorization: student.scorecard_auth_token, host: 'localhost' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const bookmark = async (testId: number) => {
    const response = await desk(
      student,
      'GET',
      `/student/testLabels/bookmark/${student.user_id}/${questionIds.get(`${testId}`)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  /** The report and the bookmark detail carry the student's own answers and scores, and nothing of the key. */
  async function expectNoKey(testId: number) {
    const answer = await report(testId);
    const body = answer.json();
    const rows = body.question_wise_distribution as QuestionRow[];
    expect(rows.map((row) => row.correct_answer)).toEqual(rows.map(() => ''));
    expect(body.is_download_solution).toBe(0);
    // The score is released: q1 wrong (−1), q2 right (+4).
    expect(body.test_report).toMatchObject({ total_score: 3, right_ques_count: 1, wrong_ques_count: 1 });
    // Own answers kept; no verdict (neither right nor wrong) and no per-question marks.
    expect(rows.slice(0, 2).map((row) => [row.student_answer, row.is_correct, row.total_score])).toEqual([
      ['a', 3, 0],
      ['a,c', 3, 0],
    ]);
    expect(rows.every((row) => ![0, 1, 2].includes(row.is_correct) && row.total_score === 0)).toBe(true);
    expect(answer.body).not.toContain('SECRET-SOLUTION-TEXT');

    const detail = await bookmark(testId);
    const data = detail.json().data;
    expect(data).toMatchObject({
      attempt_answer: 'a,c',
      correct_ans: '',
      answer: '',
      feedback: '',
      feedback_mathjax: '',
    });
    expect(data.options.map((option: { is_correct: number }) => option.is_correct)).toEqual([0, 0, 0, 0]);
    expect(detail.body).not.toContain('SECRET-SOLUTION-TEXT');
  }

  /** The report and the bookmark detail carry the key. */
  async function expectKey(testId: number) {
    const body = (await report(testId)).json();
    expect(body.is_download_solution).toBe(1);
    expect((body.question_wise_distribution as QuestionRow[]).slice(0, 2)).toMatchObject([
      { student_answer: 'a', correct_answer: 'b', is_correct: 0, total_score: -1 },
      { student_answer: 'a,c', correct_answer: 'a,c', is_correct: 1, total_score: 4 },
    ]);
    const data = (await bookmark(testId)).json().data;
    expect(data).toMatchObject({ attempt_answer: 'a,c', correct_ans: 'a,c', feedback: 'SECRET-SOLUTION-TEXT' });
    expect(data.options.map((option: { is_correct: number }) => option.is_correct)).toEqual([1, 0, 1, 0]);
  }

  it('withholds the key of a released practice test while the student has tries left, and while the last is open', async () => {
    await takeHalf(student, practice);
    await expectNoKey(practice);
    // A second try (blank) leaves one more: still no key.
    await submit(await start(student, practice));
    await expectNoKey(practice);
    // The third and last try, open: its answers could still change.
    const last = await start(student, practice);
    await expectNoKey(practice);
    await submit(last);
    // No try left and none open: the key.
    await expectKey(practice);
  });

  it('withholds the key of an online test released while its window is open, until the window and every attempt close', async () => {
    await takeHalf(student, online);
    // The classmate has not started yet and may: the early finisher gets no key to hand on.
    const launched = await desk(classmate, 'POST', '/examPanel/launch', { test_id: online });
    expect(launched.statusCode, launched.body).toBe(200);
    await expectNoKey(online);
    const token = await start(classmate, online);
    try {
      // The window is over, but the classmate's attempt (ending with it) still takes answers in its grace.
      clock = new Date(onlineEnds.getTime() + 5_000);
      await expectNoKey(online);
      const late = await panel(token, 'PUT', '/examPanel/attempt/answers', {
        answers: [{ question_no: 1, seq: 1, answer: 'b' }],
      });
      expect(late.json().saved).toEqual([{ question_no: 1, seq: 1, applied: true }]);
      // Past the grace nothing can change any more.
      clock = new Date(onlineEnds.getTime() + 10_001);
      await expectKey(online);
    } finally {
      clock = fixedNow;
    }
  });
});
