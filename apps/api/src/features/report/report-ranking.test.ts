import type { Session } from '@campus/domain/auth/auth.contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createInstitute, createStudent, type TestInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import type { Db } from '../../db/client.ts';
import { reportStaleTests } from '../../db/schema/report.ts';
import { rankStaleTests, rankTest } from './report.repository.ts';
import { bruteForceRanks, storedRanks, takeThroughPanel, type PanelAnswer } from './report-ranking.fixtures.ts';

/** Answers to the factory paper (test/factories/exam.ts createExamTest), from strong to weak. */
const answerSets: Record<number, string>[] = [
  { 1: 'b', 2: 'a,c', 3: 'a', 7: 'c' },
  { 1: 'b', 2: 'a', 3: 'b', 5: 'q,p', 7: 'c' },
  { 1: 'b', 3: 'a' },
  { 1: 'a' },
];

// A released test still open for attempts: three students ranked, then more submit after the release.
describe('ranks after a submission to a released test', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let db: Db;
  let school: TestInstitute;
  let testId = 0;
  const sessions: Session[] = [];

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    db = database.db;
    school = await createInstitute(db, { host: 'localhost', examMode: 'HYBRID_BLENDED' });
    testId = await createExamTest(db, school, { name: 'Released and open', testTypeId: 4, isResultPublished: true });
    const logins = [];
    for (let i = 0; i < 5; i += 1) logins.push(await createStudent(db, school));
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    for (const login of logins) sessions.push(await signIn(app, { user_name: login.login, password: login.password }));
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  const send = async (method: string, url: string, body: unknown, authorization: string) => {
    const response = await app.inject({
      method: method as 'POST',
      url,
      headers: { host: 'localhost', ...(authorization ? { authorization } : {}) },
      payload: body as never,
    });
    return { status: response.statusCode, body: response.json() as PanelAnswer['body'] };
  };
  const report = async (session: Session) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/studentdashboard/testReports/${session.account_id}/${session.user_id}/${testId}/-1`,
      headers: { host: 'localhost', authorization: session.scorecard_auth_token },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().test_report as { rank: number; total_students: number };
  };
  const staleMarks = () =>
    db.select({ marks: reportStaleTests.marks }).from(reportStaleTests).where(eq(reportStaleTests.testId, testId));

  it('answers a submission without ranking, answers the last ranks meanwhile, and ranks the late student first', async () => {
    // The background ranking job waits a second after the submission (by the database's clock).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const [index, session] of sessions.slice(0, 3).entries()) {
      expect((await takeThroughPanel(send, session, testId, answerSets[index]!)).status).toBe(200);
    }
    await rankTest(db, school.id, testId, new Date());
    await db.delete(reportStaleTests);
    expect(await report(sessions[0]!)).toMatchObject({ rank: 1, total_students: 3 });

    const submitted = await takeThroughPanel(send, sessions[3]!, testId, answerSets[0]!);
    expect(submitted.status).toBe(200);
    expect(submitted.body.result?.total_score).toBe(12);
    // The submission only marked the ranks stale: the stored ranks are still the three.
    expect(await staleMarks()).toEqual([{ marks: 1 }]);
    expect(Object.keys(await storedRanks(db, testId))).toHaveLength(3);
    // A ranked student reads the last ranks at once.
    expect(await report(sessions[0]!)).toMatchObject({ rank: 1, total_students: 3 });
    // The late student is not in them: their report ranks first (a tie with the topper).
    expect(await report(sessions[3]!)).toMatchObject({ rank: 1, total_students: 4 });
    expect(await staleMarks()).toEqual([]);
    expect(await report(sessions[0]!)).toMatchObject({ rank: 1, total_students: 4 });
    expect(await storedRanks(db, testId)).toEqual(await bruteForceRanks(db, testId));
    // Let the ranker's timer go off (nothing is stale now) before the clock turns real again.
    await vi.advanceTimersByTimeAsync(10_000);
    // The submission's ranking job (a second after it, by the database's clock) finds the ranks fresh.
    vi.useRealTimers();
    await waitForJobs(app.jobs);
  });

  it('ranks in the background, a second or more after the submission', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect((await takeThroughPanel(send, sessions[4]!, testId, answerSets[2]!)).status).toBe(200);
    expect(await staleMarks()).toEqual([{ marks: 1 }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(await staleMarks()).toEqual([{ marks: 1 }]);
    // A second, or as long as the last ranking took if that was longer.
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await staleMarks()).toEqual([]), { timeout: 20_000 });
    expect(await storedRanks(db, testId)).toEqual(await bruteForceRanks(db, testId));
    expect(await report(sessions[0]!)).toMatchObject({ rank: 1, total_students: 5 });
    expect(await report(sessions[4]!)).toMatchObject({ rank: 4, total_students: 5 });
    expect(await rankStaleTests(db, new Date())).toBe(0);
  });
});
