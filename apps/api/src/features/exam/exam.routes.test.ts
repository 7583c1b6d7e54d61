import type { Session } from '@campus/domain/auth/auth.contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamLabel, createExamTest, factoryPaperKey } from '../../../test/factories/exam.ts';
import { createInstitute, createParent, createStudent, createUser } from '../../../test/factories/institutes.ts';
import { createProduct, purchase } from '../../../test/factories/products.ts';
import { createMigratedDatabase, createTestApp, fixedNow, onPostgres } from '../../../test/helpers.ts';
import { examAnswers, examAttempts } from '../../db/schema/exam.ts';
import { examMessages } from './exam-attempt.service.ts';
import { sweepOverdueAttempts } from './exam.jobs.ts';
import { attemptSupersededMessage } from '@campus/domain/exam/exam-rules';

const minute = 60_000;

// Built from factories: a school at 'localhost' with two students and a parent, a buyer of a product test, and
// another institute with its own student and test. The clock is fixed and moved by hand.
describe('exam desk and test panel', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let student: Session;
  let classmate: Session;
  let parent: Session;
  let buyer: Session;
  let elsewhere: Session;
  let labelledStudent: Session;
  type TestName =
    | 'live'
    | 'mock'
    | 'upcoming'
    | 'expired'
    | 'practice'
    | 'published'
    | 'short'
    | 'late'
    | 'parallel'
    | 'product'
    | 'foreign'
    | 'closing'
    | 'drill'
    | 'laterDrill'
    | 'justEnded';
  const tests = {} as Record<TestName, number>;
  let mockLabel = 0;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const other = await createInstitute(db, { host: 'other.test' });
    const studentLogin = await createStudent(db, school);
    const classmateLogin = await createStudent(db, school);
    const parentLogin = await createParent(db, school, [studentLogin.studentId]);
    const buyerLogin = await createUser(db, school, { userType: 99 });
    const elsewhereLogin = await createStudent(db, other);
    mockLabel = await createExamLabel(db, school, { testTypeId: 1, name: 'Mock label', title: 'Mock label' });
    const hour = 60 * minute;
    tests.live = await createExamTest(db, school, { name: 'Live online test' });
    tests.mock = await createExamTest(db, school, { name: 'Live mock', testTypeId: 1, labelId: mockLabel });
    tests.upcoming = await createExamTest(db, school, {
      name: 'Later mock',
      testTypeId: 1,
      labelId: mockLabel,
      startsAt: new Date(fixedNow.getTime() + 2 * hour),
      endsAt: new Date(fixedNow.getTime() + 30 * hour),
    });
    tests.expired = await createExamTest(db, school, {
      name: 'Old mock',
      testTypeId: 1,
      labelId: mockLabel,
      startsAt: new Date(fixedNow.getTime() - 30 * hour),
      endsAt: new Date(fixedNow.getTime() - 2 * hour),
    });
    tests.practice = await createExamTest(db, school, { name: 'Drill', testTypeId: 2, testLimit: 2 });
    tests.published = await createExamTest(db, school, { name: 'Published', isResultPublished: true });
    tests.short = await createExamTest(db, school, { name: 'Short', durationMinutes: 10 });
    tests.late = await createExamTest(db, school, { name: 'Late', durationMinutes: 10 });
    tests.parallel = await createExamTest(db, school, { name: 'Parallel drill', testTypeId: 2, testLimit: 2 });
    const productId = await createProduct(db, school);
    await purchase(db, school, buyerLogin.userId, productId);
    tests.product = await createExamTest(db, school, { name: 'Product mock', testTypeId: 1, batchIds: [], productId });
    tests.foreign = await createExamTest(db, other, { name: 'Foreign secret test' });
    tests.closing = await createExamTest(db, school, {
      name: 'Closing mock',
      testTypeId: 1,
      labelId: mockLabel,
      endsAt: new Date(fixedNow.getTime() + hour),
    });
    tests.drill = await createExamTest(db, school, { name: 'Three tries', testTypeId: 2, testLimit: 3 });
    tests.laterDrill = await createExamTest(db, school, {
      name: 'Next week drill',
      testTypeId: 2,
      testLimit: 1,
      durationMinutes: 20,
      startsAt: new Date(fixedNow.getTime() + 7 * 24 * hour),
      endsAt: new Date(fixedNow.getTime() + 8 * 24 * hour),
    });
    tests.justEnded = await createExamTest(db, school, {
      name: 'Just ended',
      durationMinutes: 120,
      endsAt: new Date(fixedNow.getTime() + hour),
    });
    // An institute with a label of each type and one unlabelled online test (issue 27 item 3).
    const labelled = await createInstitute(db, { host: 'labelled.test' });
    await createExamLabel(db, labelled, { testTypeId: 1, name: 'Own mock', title: 'Own mock' });
    const ownOnline = await createExamLabel(db, labelled, { testTypeId: 4, name: 'Own online', title: 'Own online' });
    await createExamTest(db, labelled, { name: 'Labelled online', labelId: ownOnline });
    await createExamTest(db, labelled, { name: 'Surprise quiz' });
    const labelledLogin = await createStudent(db, labelled);
    app = await createTestApp({ database, now: () => clock, rateLimits: { loginPerMinute: 1000 } });
    student = await signIn(app, { user_name: studentLogin.login, password: studentLogin.password });
    classmate = await signIn(app, { user_name: classmateLogin.login, password: classmateLogin.password });
    parent = await signIn(app, { user_name: parentLogin.login, password: parentLogin.password });
    buyer = await signIn(app, { user_name: buyerLogin.login, password: buyerLogin.password });
    elsewhere = await signIn(
      app,
      { user_name: elsewhereLogin.login, password: elsewhereLogin.password },
      { host: 'other.test' },
    );
    labelledStudent = await signIn(
      app,
      { user_name: labelledLogin.login, password: labelledLogin.password },
      { host: 'labelled.test' },
    );
  });
  afterAll(() => app.close());

  const desk = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown, host = 'localhost') =>
    app.inject({
      method,
      url,
      headers: { authorization: session.examdesk_auth_token, host },
      payload: payload as never,
    });
  const launch = (session: Session, testId: number, host = 'localhost') =>
    desk(session, 'POST', '/examPanel/launch', { test_id: testId }, host);
  const open = (token: string, host = 'localhost') =>
    app.inject({ method: 'POST', url: '/examPanel/open', headers: { host }, payload: { launch_token: token } });
  const panel = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, host = 'localhost') =>
    app.inject({ method, url, headers: { authorization: token, host }, payload: payload as never });
  const save = (token: string, answers: unknown[]) => panel(token, 'PUT', '/examPanel/attempt/answers', { answers });

  /** Launches and opens a test: the attempt credential. */
  async function start(session: Session, testId: number): Promise<string> {
    const launched = await launch(session, testId);
    expect(launched.statusCode, launched.body).toBe(200);
    const opened = await open(launched.json().launch_token);
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json().attempt_token;
  }

  const byName = (list: { test_name: string }[], name: string) => list.find((test) => test.test_name === name);

  it('lists a label’s tests with the status worked out on the server clock', async () => {
    const labels = await desk(student, 'GET', '/student/testLabels');
    // The unlabelled practice and online tests come with the placeholders that list them.
    expect(labels.json().data).toEqual([
      { label_id: mockLabel, label_name: 'Mock label', test_type_id: 1, title: 'Mock label' },
      { label_id: 'MockP', label_name: 'Mock Test', test_type_id: 1, title: 'Mock Test' },
      { label_id: 'OnlineP', label_name: 'Online exam', test_type_id: 4, title: 'Online exam' },
    ]);
    const response = await desk(student, 'GET', `/student/testLabels/${mockLabel}/tests`);
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.map((test: { test_name: string }) => test.test_name)).toEqual([
      'Old mock',
      'Live mock',
      'Closing mock',
      'Later mock',
    ]);
    expect(byName(list, 'Live mock')).toMatchObject({
      status: 'ongoing',
      test_type_id: 1,
      duration: 30,
      test_limit: 1,
      total_attempts: 0,
      incomplete_attempts: 0,
      end_timestamp: Math.floor(fixedNow.getTime() / 1000) + 7 * 86_400,
    });
    expect(byName(list, 'Later mock')!).toMatchObject({ status: 'upcoming' });
    // Ended and never submitted: view (§4 rule 2), the read-only paper; it said expired before issue 27.
    expect(byName(list, 'Old mock')!).toMatchObject({ status: 'view', is_submitted: 0 });
  });

  it('sends the placeholder whenever unlabelled tests exist, even beside the institute’s own label of the type', async () => {
    const labels = (await desk(labelledStudent, 'GET', '/student/testLabels', undefined, 'labelled.test')).json().data;
    expect(labels.map((label: { label_name: string }) => label.label_name)).toEqual([
      'Own mock',
      'Own online',
      'Online exam',
    ]);
    const placeholder = await desk(
      labelledStudent,
      'GET',
      '/student/testLabels/OnlineP/tests',
      undefined,
      'labelled.test',
    );
    expect(placeholder.json().data).toMatchObject([{ test_name: 'Surprise quiz', status: 'ongoing' }]);
  });

  it('lists unlabelled practice tests under Mock Test, as practice whatever their dates', async () => {
    const listed = (await desk(student, 'GET', '/student/testLabels/MockP/tests')).json().data;
    expect(byName(listed, 'Next week drill')).toMatchObject({ status: 'practice', test_type_id: 2 });
    // §4 rule 1 comes before the clock: a practice test with tries left opens before its dates, for its full time.
    const token = await start(classmate, tests.laterDrill);
    expect((await panel(token, 'GET', '/examPanel/attempt')).json()).toMatchObject({
      status: 'open',
      remaining_seconds: 20 * 60,
    });
  });

  it('an open practice attempt with time left is resumed, not counted as a used try', async () => {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const token = await start(student, tests.drill);
      expect((await panel(token, 'POST', '/examPanel/attempt/submit')).statusCode).toBe(200);
    }
    const third = await start(student, tests.drill);
    await save(third, [{ question_no: 1, seq: 1, answer: 'a' }]);
    const listed = (await desk(student, 'GET', '/student/testLabels/MockP/tests')).json().data;
    expect(byName(listed, 'Three tries')).toMatchObject({
      status: 'practice',
      total_attempts: 2,
      incomplete_attempts: 1,
      test_limit: 3,
    });
    // Resume carries on with the third try and its answer; no fourth is started.
    const resumed = await start(student, tests.drill);
    expect((await panel(resumed, 'GET', '/examPanel/attempt')).json()).toMatchObject({
      attempt_no: 3,
      status: 'open',
      answers: [{ question_no: 1, answer: 'a' }],
    });
    await panel(resumed, 'POST', '/examPanel/attempt/submit');
    const after = (await desk(student, 'GET', '/student/testLabels/MockP/tests')).json().data;
    expect(byName(after, 'Three tries')).toMatchObject({ status: 'expired', total_attempts: 3 });
  });

  it('View opens the paper read-only with the key only once the rule allows, never the take credential', async () => {
    const classmateToken = await start(classmate, tests.justEnded);
    await save(classmateToken, [{ question_no: 1, seq: 1, answer: 'b' }]);
    const hour = 60 * minute;
    try {
      // The window ended 5 s ago; the classmate's attempt still takes answers within its grace: no key yet.
      clock = new Date(fixedNow.getTime() + hour + 5_000);
      const listed = (await desk(student, 'GET', '/student/testLabels/OnlineP/tests')).json().data;
      expect(byName(listed, 'Just ended')).toMatchObject({ status: 'view' });
      const launched = await launch(student, tests.justEnded);
      expect(launched.statusCode, launched.body).toBe(200);
      const opened = await open(launched.json().launch_token);
      expect(launched.json().panel_path).toBe(`/my-account/test-panel/view#${launched.json().launch_token}`);
      expect(opened.json()).toMatchObject({ mode: 'view', test_id: tests.justEnded });
      const credential = opened.json().attempt_token as string;
      const early = await panel(credential, 'GET', '/examPanel/paper');
      expect(early.statusCode, early.body).toBe(200);
      expect(early.json()).toMatchObject({ test_name: 'Just ended', answers: [], is_key_shown: 0, keys: [] });
      expect(early.json().questions).toHaveLength(7);
      expect(early.body).not.toContain('a=q|b=p');
      expect(early.body).not.toContain('SECRET-SOLUTION-TEXT');
      // Once nobody can answer any more, the key comes.
      clock = new Date(fixedNow.getTime() + hour + 11_000);
      const later = (await panel(credential, 'GET', '/examPanel/paper')).json();
      expect(later.is_key_shown).toBe(1);
      expect(later.keys).toContainEqual({ question_no: 4, correct_answer: 'a=q|b=p' });
      // The view credential is no attempt credential, and neither works elsewhere.
      expect((await panel(credential, 'GET', '/examPanel/attempt')).statusCode).toBe(401);
      expect((await panel(credential, 'PUT', '/examPanel/attempt/answers', { answers: [] })).statusCode).toBe(401);
      expect((await panel(credential, 'GET', '/examPanel/paper', undefined, 'other.test')).statusCode).toBe(401);
      expect((await panel(classmateToken, 'GET', '/examPanel/paper')).statusCode).toBe(401);
      expect((await panel(`${credential}x`, 'GET', '/examPanel/paper')).statusCode).toBe(401);
      expect((await panel(launched.json().launch_token, 'GET', '/examPanel/paper')).statusCode).toBe(401);
      // The classmate (submitted at the end) sees their own answers; a parent may look too.
      const theirs = await open((await launch(classmate, tests.expired)).json().launch_token);
      expect(theirs.json().mode).toBe('view');
      const parentView = await launch(parent, tests.expired);
      expect(parentView.statusCode).toBe(200);
    } finally {
      clock = fixedNow;
    }
    // The view credential lapses.
    clock = new Date(fixedNow.getTime() + 7 * hour);
    try {
      const launched = await launch(student, tests.expired);
      const credential = (await open(launched.json().launch_token)).json().attempt_token as string;
      clock = new Date(fixedNow.getTime() + 13 * hour + 1);
      expect((await panel(credential, 'GET', '/examPanel/paper')).statusCode).toBe(401);
    } finally {
      clock = fixedNow;
    }
  });

  it('lists unlabelled online tests under the OnlineP placeholder, and product tests for their buyer', async () => {
    const online = (await desk(student, 'GET', '/student/testLabels/OnlineP/tests')).json().data;
    expect(online.map((test: { test_name: string }) => test.test_name)).toContain('Live online test');
    expect(online.map((test: { test_name: string }) => test.test_name)).not.toContain('Product mock');
    const ids = await app.inject({
      method: 'GET',
      url: '/prod/user-product/v2/assigned-product-test-ids/Mock_Test',
      headers: {
        authorization: buyer.student_auth,
        host: 'localhost',
        'x-prod-inst-id': String(buyer.institute_id),
        'x-prod-user-id': String(buyer.user_id),
      },
    });
    expect(ids.json().result).toEqual([{ test_id: tests.product, test_institute_id: buyer.institute_id }]);
    const listed = await desk(buyer, 'POST', '/tests/list_id', {
      test_ids: String(tests.product),
      user_id: buyer.user_id,
    });
    expect(listed.json().data).toMatchObject([{ test_name: 'Product mock', status: 'ongoing' }]);
    // The student did not buy it: naming it is a 404 without data.
    const refused = await desk(student, 'POST', '/tests/list_id', {
      test_ids: `${tests.live},${tests.product}`,
      user_id: student.user_id,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Product mock');
  });

  it('refuses another institute’s test without data, on the desk and at launch', async () => {
    const listed = await desk(student, 'POST', '/tests/list_id', {
      test_ids: String(tests.foreign),
      user_id: student.user_id,
    });
    expect(listed.statusCode).toBe(404);
    const launched = await launch(student, tests.foreign);
    expect(launched.statusCode).toBe(404);
    expect(launched.body).not.toContain('Foreign secret test');
    const fromThere = await launch(elsewhere, tests.live, 'other.test');
    expect(fromThere.statusCode).toBe(404);
  });

  it('lets parents read the desk but refuses every start and resume', async () => {
    expect((await desk(parent, 'GET', `/student/testLabels/${mockLabel}/tests`)).statusCode).toBe(200);
    const refused = await launch(parent, tests.mock);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(examMessages.parents);
    expect(examMessages.parents).toBe('Parents are not allowed to give exam');
  });

  it('refuses to launch tests that are upcoming or over', async () => {
    const upcoming = await launch(student, tests.upcoming);
    expect([upcoming.statusCode, upcoming.json().message]).toEqual([409, examMessages.upcoming]);
    const token = await start(student, tests.closing);
    await panel(token, 'POST', '/examPanel/attempt/submit');
    clock = new Date(fixedNow.getTime() + 2 * 60 * minute);
    try {
      // Ended and submitted: attempted (§4 rule 3), not shown on the desk.
      const listed = (await desk(student, 'GET', `/student/testLabels/${mockLabel}/tests`)).json().data;
      expect(byName(listed, 'Closing mock')).toMatchObject({ status: 'attempted', is_submitted: 1 });
      const over = await launch(student, tests.closing);
      expect([over.statusCode, over.json().message]).toEqual([409, examMessages.over]);
    } finally {
      clock = fixedNow;
    }
  });

  it('uses a launch token once, only within two minutes, and only on its institute’s host', async () => {
    const first = (await launch(student, tests.live)).json();
    expect(first.panel_path).toBe(`/my-account/test-panel#${first.launch_token}`);
    expect((await open(first.launch_token, 'other.test')).statusCode).toBe(401);
    const opened = await open(first.launch_token);
    expect(opened.statusCode).toBe(200);
    const again = await open(first.launch_token);
    expect([again.statusCode, again.json().message]).toEqual([401, examMessages.badLaunch]);

    const second = (await launch(student, tests.live)).json();
    clock = new Date(fixedNow.getTime() + 121_000);
    try {
      expect((await open(second.launch_token)).statusCode).toBe(401);
    } finally {
      clock = fixedNow;
    }
    expect((await open('made-up-token')).statusCode).toBe(401);
  });

  it('serves the paper without keys, solutions or file keys, and with the server’s time', async () => {
    const token = await start(student, tests.live);
    const response = await panel(token, 'GET', '/examPanel/attempt');
    expect(response.statusCode).toBe(200);
    const paper = response.json();
    expect(paper.questions.map((q: { ques_type: number }) => q.ques_type)).toEqual([1, 3, 5, 6, 7, 2, 1]);
    expect(paper).toMatchObject({ status: 'open', server_time: fixedNow.getTime(), remaining_seconds: 30 * 60 });
    expect(paper.passages).toHaveLength(1);
    expect(paper.questions[6].passage_id).toBe(paper.passages[0].passage_id);
    expect(paper.questions[0].media.source_path).toMatch(/^\/api\/v1\/files\//);
    expect(paper.questions[3].match_options.map((o: { letter: string }) => o.letter)).toEqual(['p', 'q']);
    expect(response.body).not.toContain('correct');
    expect(response.body).not.toContain('SECRET-SOLUTION-TEXT');
    expect(response.body).not.toContain('a=q|b=p');
    expect(response.body).not.toContain('factory-figure.svg');
    // Nobody else's credential reads it: the classmate's own attempt has no answers of the student's.
    await save(token, [{ question_no: 1, seq: 1, answer: 'b' }]);
    const theirs = await start(classmate, tests.live);
    expect((await panel(theirs, 'GET', '/examPanel/attempt')).json().answers).toEqual([]);
    expect((await panel('made-up', 'GET', '/examPanel/attempt')).statusCode).toBe(401);
    // At another institute's host the credential names nothing: it is looked up in the host's institute only, and
    // the save (which starts from what this process read of the credential at its own host) is refused there too.
    expect((await panel(token, 'GET', '/examPanel/attempt', undefined, 'other.test')).statusCode).toBe(401);
    const elsewhere = await panel(token, 'PUT', '/examPanel/attempt/answers', { answers: [] }, 'other.test');
    expect(elsewhere.statusCode).toBe(401);
  });

  it('saves idempotently in client order: replays and older saves change nothing', async () => {
    const token = await start(student, tests.mock);
    const first = await save(token, [{ question_no: 1, seq: 5, answer: 'a' }]);
    expect(first.json().saved).toEqual([{ question_no: 1, seq: 5, applied: true }]);
    // The same save again (a retry after a lost acknowledgement), then an older one arriving late.
    expect((await save(token, [{ question_no: 1, seq: 5, answer: 'a' }])).json().saved[0].applied).toBe(false);
    expect((await save(token, [{ question_no: 1, seq: 3, answer: 'd' }])).json().saved[0].applied).toBe(false);
    await save(token, [
      { question_no: 2, seq: 6, answer: 'a' },
      { question_no: 2, seq: 7, marked_for_review: true },
      { question_no: 3, seq: 8, bookmarked: true },
    ]);
    const answers = (await panel(token, 'GET', '/examPanel/attempt')).json().answers;
    expect(answers).toEqual([
      { question_no: 1, answer: 'a', seq: 5, marked_for_review: false, bookmarked: false },
      { question_no: 2, answer: 'a', seq: 7, marked_for_review: true, bookmarked: false },
      { question_no: 3, answer: '', seq: 8, marked_for_review: false, bookmarked: true },
    ]);
    // Marking keeps the answer; a newer seq changes it.
    await save(token, [{ question_no: 1, seq: 9, marked_for_review: true }]);
    await save(token, [{ question_no: 1, seq: 10, answer: 'c' }]);
    const [one] = (await panel(token, 'GET', '/examPanel/attempt')).json().answers;
    expect(one).toMatchObject({ answer: 'c', marked_for_review: true, seq: 10 });
  });

  it('refuses answers that do not fit the question and question numbers not in the paper', async () => {
    const token = await start(classmate, tests.mock);
    const wrongFormat = await save(token, [{ question_no: 4, seq: 1, answer: 'a,q' }]);
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().message).toBe(`${examMessages.badAnswer} (question 4)`);
    const noSuch = await save(token, [{ question_no: 99, seq: 1, answer: 'a' }]);
    expect([noSuch.statusCode, noSuch.json().message]).toEqual([400, examMessages.noQuestion]);
    expect((await save(token, [{ question_no: 1, seq: 0, answer: 'a' }])).statusCode).toBe(400);
  });

  it('accepts saves up to 10 s after the end and refuses later ones', async () => {
    const token = await start(student, tests.late);
    try {
      clock = new Date(fixedNow.getTime() + 10 * minute + 10_000);
      expect((await save(token, [{ question_no: 1, seq: 1, answer: 'b' }])).statusCode).toBe(200);
      clock = new Date(fixedNow.getTime() + 10 * minute + 10_001);
      const late = await save(token, [{ question_no: 1, seq: 2, answer: 'a' }]);
      // The late save found the attempt overdue: it was submitted at its end, and the save is refused.
      expect([late.statusCode, late.json().message]).toEqual([409, examMessages.submitted]);
    } finally {
      clock = fixedNow;
    }
    const [row] = await app.db
      .select({ answer: examAnswers.answer })
      .from(examAnswers)
      .innerJoin(
        examAttempts,
        and(eq(examAttempts.instituteId, examAnswers.instituteId), eq(examAttempts.id, examAnswers.attemptId)),
      )
      .where(and(eq(examAttempts.testId, tests.late), eq(examAttempts.userId, student.user_id)));
    expect(row!.answer).toBe('b');
  });

  it('submits an attempt left open at its end on the next read, and scores it', async () => {
    const token = await start(student, tests.short);
    await save(token, [
      { question_no: 1, seq: 1, answer: 'b' },
      { question_no: 2, seq: 2, answer: 'a,b' },
      { question_no: 6, seq: 3, answer: '<p>Because.</p>' },
    ]);
    clock = new Date(fixedNow.getTime() + 11 * minute);
    try {
      const read = (await panel(token, 'GET', '/examPanel/attempt')).json();
      expect(read).toMatchObject({ status: 'submitted', remaining_seconds: 0, result: null });
      const tests2 = (await desk(student, 'GET', '/student/testLabels/OnlineP/tests')).json().data;
      // Submitted within the window: expired (§4 rule 5), not shown.
      expect(byName(tests2, 'Short')).toMatchObject({ total_attempts: 1, incomplete_attempts: 0, status: 'expired' });
    } finally {
      clock = fixedNow;
    }
    const [attempt] = await app.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.testId, tests.short), eq(examAttempts.userId, student.user_id)));
    expect(attempt!.submittedBy).toBe('auto');
    expect(attempt!.submittedAt!.getTime()).toBe(fixedNow.getTime() + 10 * minute);
    // 4 for q1, −1 for the wrong letter in q2, the essay pending.
    expect(attempt!.score).toBe(3);
    expect(attempt!.result).toMatchObject({ right_ques_count: 1, wrong_ques_count: 1, pending_ques_count: 1 });
  });

  it('submits by the sweep an attempt left open that no one reads again, dated at its end', async () => {
    const token = await start(classmate, tests.late);
    await save(token, [{ question_no: 1, seq: 1, answer: 'b' }]);
    expect(await sweepOverdueAttempts(app)).toBe(0);
    clock = new Date(fixedNow.getTime() + 10 * minute + 10_001);
    try {
      expect(await sweepOverdueAttempts(app)).toBeGreaterThanOrEqual(1);
    } finally {
      clock = fixedNow;
    }
    const [attempt] = await app.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.testId, tests.late), eq(examAttempts.userId, classmate.user_id)));
    expect(attempt).toMatchObject({ submittedBy: 'auto', score: 4 });
    expect(attempt!.submittedAt!.getTime()).toBe(fixedNow.getTime() + 10 * minute);
  });

  it('scores a submitted paper of every type and shows the result once published', async () => {
    const token = await start(student, tests.published);
    await save(
      token,
      Object.entries(factoryPaperKey).map(([no, answer], index) => ({
        question_no: Number(no),
        seq: index + 1,
        answer,
      })),
    );
    const submitted = await panel(token, 'POST', '/examPanel/attempt/submit');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'submitted',
      unanswered: 1,
      is_result_published: 1,
      result: { total_score: 16, total_marks: 21, right_ques_count: 6, left_ques_count: 1 },
    });
    const again = await panel(token, 'POST', '/examPanel/attempt/submit');
    expect([again.statusCode, again.json().message]).toEqual([409, examMessages.submitted]);
    const late = await save(token, [{ question_no: 1, seq: 99, answer: 'a' }]);
    expect([late.statusCode, late.json().message]).toEqual([409, examMessages.submitted]);
    // One attempt for an online test: the desk says used up and a new launch is refused.
    const relaunch = await launch(student, tests.published);
    expect([relaunch.statusCode, relaunch.json().message]).toEqual([409, examMessages.exhausted]);
  });

  it('resumes the open attempt from a new launch, and the earlier window’s credential stops working', async () => {
    const first = await start(classmate, tests.short);
    await save(first, [{ question_no: 3, seq: 1, answer: 'b' }]);
    const second = await start(classmate, tests.short);
    // The earlier window is told where the test went (not a bare 401), and what it sends is not saved.
    const superseded = { code: 'ATTEMPT_SUPERSEDED', message: attemptSupersededMessage };
    const read = await panel(first, 'GET', '/examPanel/attempt');
    expect([read.statusCode, read.json()]).toEqual([409, superseded]);
    const late = await save(first, [{ question_no: 3, seq: 2, answer: 'c' }]);
    expect([late.statusCode, late.json()]).toEqual([409, superseded]);
    expect((await panel(first, 'POST', '/examPanel/attempt/submit')).json()).toEqual(superseded);
    // Still so after a third window; at another institute's host, or made up, a credential is just refused.
    const third = await start(classmate, tests.short);
    expect((await panel(first, 'GET', '/examPanel/attempt')).json()).toEqual(superseded);
    expect((await panel(second, 'GET', '/examPanel/attempt')).json()).toEqual(superseded);
    expect((await panel(first, 'GET', '/examPanel/attempt', undefined, 'other.test')).statusCode).toBe(401);
    expect((await panel(`${first}x`, 'GET', '/examPanel/attempt')).statusCode).toBe(401);
    const resumed = (await panel(third, 'GET', '/examPanel/attempt')).json();
    expect(resumed.answers).toMatchObject([{ question_no: 3, answer: 'b' }]);
    const listed = (await desk(classmate, 'GET', '/student/testLabels/OnlineP/tests')).json().data;
    expect(byName(listed, 'Short')).toMatchObject({ status: 'resume', incomplete_attempts: 1 });
  });

  it('holds a practice test’s attempt limit, also when starts race', async () => {
    // Eight windows started at once: all join one attempt.
    const launches = await Promise.all(
      Array.from({ length: 8 }, () => launch(student, tests.practice).then((r) => r.json().launch_token as string)),
    );
    const opened = await Promise.all(launches.map((token) => open(token)));
    expect(opened.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const tokens = opened.map((response) => response.json().attempt_token as string);
    // Each window took the attempt over from the one before: exactly one credential is still good.
    const reads = await Promise.all(tokens.map((token) => panel(token, 'GET', '/examPanel/attempt')));
    expect(reads.filter((read) => read.statusCode === 200)).toHaveLength(1);
    const live = tokens[reads.findIndex((read) => read.statusCode === 200)]!;
    const current = (await panel(live, 'GET', '/examPanel/attempt')).json();
    expect(current.attempt_no).toBe(1);
    await panel(live, 'POST', '/examPanel/attempt/submit');
    const secondToken = await start(student, tests.practice);
    expect((await panel(secondToken, 'GET', '/examPanel/attempt')).json().attempt_no).toBe(2);
    await panel(secondToken, 'POST', '/examPanel/attempt/submit');
    const third = await launch(student, tests.practice);
    expect([third.statusCode, third.json().message]).toEqual([409, examMessages.exhausted]);
    const rows = await app.db
      .select({ no: examAttempts.attemptNo })
      .from(examAttempts)
      .where(and(eq(examAttempts.testId, tests.practice), eq(examAttempts.userId, student.user_id)));
    expect(rows.map((row) => row.no).sort()).toEqual([1, 2]);
  });

  it.runIf(onPostgres)('holds the limit under parallel starts against a listening server', async () => {
    const address = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('127.0.0.1', 'localhost');
    const post = (path: string, body: unknown, authorization?: string) =>
      fetch(`${address}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
    const launchToken = async () => {
      const launched = await post('/examPanel/launch', { test_id: tests.parallel }, student.examdesk_auth_token);
      return ((await launched.json()) as { launch_token?: string }).launch_token ?? 'refused';
    };
    for (let round = 0; round < 3; round += 1) {
      // Twenty windows open at once; each may take the attempt over from another.
      const launchTokens = await Promise.all(Array.from({ length: 20 }, launchToken));
      const responses = await Promise.all(
        launchTokens.map((token) => post('/examPanel/open', { launch_token: token })),
      );
      const tokens = await Promise.all(
        responses
          .filter((r) => r.status === 200)
          .map(async (r) => ((await r.json()) as { attempt_token: string }).attempt_token),
      );
      const submits = await Promise.all(tokens.map((token) => post('/examPanel/attempt/submit', {}, token)));
      const submitted = submits.filter((response) => response.status === 200);
      expect(submitted).toHaveLength(round < 2 ? 1 : 0);
    }
    const rows = await app.db
      .select({ no: examAttempts.attemptNo })
      .from(examAttempts)
      .where(and(eq(examAttempts.testId, tests.parallel), eq(examAttempts.userId, student.user_id)));
    expect(rows.map((row) => row.no).sort()).toEqual([1, 2]);
  });
});
