import type { Session } from '@campus/domain/auth/auth.contract';
import { attemptSupersededMessage } from '@campus/domain/exam/exam-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { examAnswers, examAttempts } from '../../db/schema/exam.ts';
import { examMessages } from './exam-attempt.service.ts';

const minute = 60_000;

// The save in one round trip (issue 28): what the database client is sent per save, and that the checks the save
// made in two statements (credential current, attempt open, time left) still hold when made by the one.
describe('PUT /examPanel/attempt/answers in one statement', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let student: Session;
  let classmate: Session;
  let third: Session;
  const tests = {} as Record<'main' | 'short' | 'race', number>;
  /** Statements sent through the database client since the last reset. */
  let sent: string[] = [];

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const logins = [await createStudent(db, school), await createStudent(db, school), await createStudent(db, school)];
    tests.main = await createExamTest(db, school, { name: 'Main' });
    tests.short = await createExamTest(db, school, { name: 'Short', durationMinutes: 10 });
    tests.race = await createExamTest(db, school, { name: 'Race' });
    // Every statement of a request that is not in a transaction goes through the client's query (pg's Pool or
    // PGlite): counted here.
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return query(...args);
    };
    app = await createTestApp({ database, now: () => clock, rateLimits: { loginPerMinute: 1000 } });
    [student, classmate, third] = (await Promise.all(
      logins.map((login) => signIn(app, { user_name: login.login, password: login.password })),
    )) as [Session, Session, Session];
  });
  afterAll(() => app.close());

  const panel = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: token, host: 'localhost' }, payload: payload as never });
  const save = (token: string, answers: unknown[]) => panel(token, 'PUT', '/examPanel/attempt/answers', { answers });

  /** Launches, opens and reads a test as the panel does: the attempt credential. */
  async function start(session: Session, testId: number): Promise<string> {
    const launched = await app.inject({
      method: 'POST',
      url: '/examPanel/launch',
      headers: { authorization: session.examdesk_auth_token, host: 'localhost' },
      payload: { test_id: testId },
    });
    const opened = await app.inject({
      method: 'POST',
      url: '/examPanel/open',
      headers: { host: 'localhost' },
      payload: { launch_token: launched.json().launch_token },
    });
    const token = opened.json().attempt_token as string;
    expect((await panel(token, 'GET', '/examPanel/attempt')).statusCode).toBe(200);
    return token;
  }

  const stored = async (testId: number, session: Session) =>
    app.db
      .select({ questionNo: examAnswers.questionNo, answer: examAnswers.answer, seq: examAnswers.seq })
      .from(examAnswers)
      .innerJoin(
        examAttempts,
        and(eq(examAttempts.instituteId, examAnswers.instituteId), eq(examAttempts.id, examAnswers.attemptId)),
      )
      .where(and(eq(examAttempts.testId, testId), eq(examAttempts.userId, session.user_id)))
      .orderBy(examAnswers.questionNo);

  it('sends one statement to the database per save once the panel has opened', async () => {
    const token = await start(student, tests.main);
    for (const seq of [1, 2, 3]) {
      sent = [];
      const questionNo = [3, 7, 6][seq - 1]!;
      const response = await save(token, [
        { question_no: questionNo, seq, answer: 'b' },
        { question_no: 1, seq, marked_for_review: seq % 2 === 1 },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        saved: [
          { question_no: questionNo, seq, applied: true },
          { question_no: 1, seq, applied: true },
        ],
        server_time: fixedNow.getTime(),
        remaining_seconds: 30 * 60,
      });
      expect(sent, sent.join('\n---\n')).toHaveLength(1);
    }
    // A replay writes nothing and says so, still in one statement.
    sent = [];
    expect((await save(token, [{ question_no: 3, seq: 1, answer: 'a' }])).json().saved[0].applied).toBe(false);
    expect(sent).toHaveLength(1);
    expect(await stored(tests.main, student)).toEqual([
      { questionNo: 1, answer: '', seq: 3 },
      { questionNo: 3, answer: 'b', seq: 1 },
      { questionNo: 6, answer: 'b', seq: 3 },
      { questionNo: 7, answer: 'b', seq: 2 },
    ]);
  });

  it('refuses the earlier window once another took the attempt over, writing nothing, whatever its body', async () => {
    const first = await start(classmate, tests.main);
    expect((await save(first, [{ question_no: 1, seq: 1, answer: 'a' }])).statusCode).toBe(200);
    const second = await start(classmate, tests.main);
    // The older window is told the test continues in the other one (issue 27 item 4), by the one-statement path too.
    const stale = await save(first, [{ question_no: 1, seq: 2, answer: 'd' }]);
    expect([stale.statusCode, stale.json()]).toEqual([
      409,
      { code: 'ATTEMPT_SUPERSEDED', message: attemptSupersededMessage },
    ]);
    // Refused before the body is read, as a fresh read of the credential refuses it.
    const staleBadBody = await save(first, []);
    expect([staleBadBody.statusCode, staleBadBody.json().code]).toEqual([409, 'ATTEMPT_SUPERSEDED']);
    const current = await save(second, [{ question_no: 1, seq: 3, answer: 'c' }]);
    expect(current.json().saved[0].applied).toBe(true);
    expect(await stored(tests.main, classmate)).toEqual([{ questionNo: 1, answer: 'c', seq: 3 }]);
  });

  it('answers a submitted attempt, a late save and a wrong answer as before, writing nothing', async () => {
    const token = await start(third, tests.short);
    expect((await save(token, [{ question_no: 1, seq: 1, answer: 'a' }])).statusCode).toBe(200);
    const badAnswer = await save(token, [{ question_no: 4, seq: 2, answer: 'a,q' }]);
    expect([badAnswer.statusCode, badAnswer.json().message]).toEqual([400, `${examMessages.badAnswer} (question 4)`]);
    const noSuch = await save(token, [{ question_no: 99, seq: 2, answer: 'a' }]);
    expect([noSuch.statusCode, noSuch.json().message]).toEqual([400, examMessages.noQuestion]);
    try {
      // Past the end and its grace: the save finds the attempt overdue, submits it at its end, and is refused.
      clock = new Date(fixedNow.getTime() + 10 * minute + 10_001);
      const late = await save(token, [{ question_no: 1, seq: 3, answer: 'b' }]);
      expect([late.statusCode, late.json().message]).toEqual([409, examMessages.submitted]);
    } finally {
      clock = fixedNow;
    }
    const again = await save(token, [{ question_no: 1, seq: 4, answer: 'c' }]);
    expect([again.statusCode, again.json().message]).toEqual([409, examMessages.submitted]);
    expect(await stored(tests.short, third)).toEqual([{ questionNo: 1, answer: 'a', seq: 1 }]);
  });

  it('keeps the newest seq of each question under parallel saves, and none after a racing submit', async () => {
    const token = await start(student, tests.race);
    const seqs = Array.from({ length: 30 }, (_, index) => ((index * 7) % 30) + 1);
    const responses = await Promise.all(
      seqs.map((seq) => save(token, [{ question_no: [1, 3, 7][seq % 3], seq, answer: 'ab'[seq % 2] }])),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    expect(await stored(tests.race, student)).toEqual([
      { questionNo: 1, answer: 'a', seq: 30 },
      { questionNo: 3, answer: 'a', seq: 28 },
      { questionNo: 7, answer: 'b', seq: 29 },
    ]);
    // A submit racing more saves: every save is either written before it (200) or refused after it (409).
    const racing = await Promise.all([
      ...Array.from({ length: 10 }, (_, index) => save(token, [{ question_no: 6, seq: 100 + index, answer: 'a' }])),
      panel(token, 'POST', '/examPanel/attempt/submit'),
    ]);
    const submit = racing.at(-1)!;
    expect(submit.statusCode).toBe(200);
    const written = racing.slice(0, -1).filter((response) => response.statusCode === 200);
    for (const response of racing.slice(0, -1)) expect([200, 409]).toContain(response.statusCode);
    const [row] = (await stored(tests.race, student)).filter((answer) => answer.questionNo === 6);
    // The scored paper counts exactly the answers written before the submit.
    expect(Boolean(row)).toBe(written.length > 0);
    const unanswered = submit.json().unanswered as number;
    const total = (await panel(token, 'GET', '/examPanel/attempt')).json().questions.length as number;
    expect(unanswered).toBe(total - (row ? 4 : 3));
  });
});
