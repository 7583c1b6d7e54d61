// PostgreSQL only: two API processes (two apps, each with its own pool) on one database, real parallel requests.
import type { Session } from '@campus/domain/auth/auth.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createPostgresDatabase, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import { databaseUrl } from '../../../test/template.ts';
import { buildApp, type App } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { reportStaleTests } from '../../db/schema/report.ts';
import { rankStaleTest, rankStaleTests, rankTest } from './report.repository.ts';
import { bruteForceRanks, storedRanks, takeThroughPanel, type PanelAnswer } from './report-ranking.fixtures.ts';

const answers: Record<number, string>[] = [
  { 1: 'b', 2: 'a,c', 3: 'a', 7: 'c' },
  { 1: 'b', 2: 'a', 3: 'b', 5: 'q,p', 7: 'c' },
  { 1: 'b', 3: 'a' },
  { 1: 'a' },
];

describe('ranking a released test from two API processes at once', () => {
  let database: Database;
  /** A third pool: the test's own rankings, as a third process would run them. */
  let other: Database;
  const pools: Database[] = [];
  const apps: App[] = [];
  const bases: string[] = [];
  let instituteId = 0;
  let testId = 0;
  const sessions: Session[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    await runMigrations(database);
    const db = database.db;
    const school = await createInstitute(db, { host: 'localhost', examMode: 'HYBRID_BLENDED' });
    instituteId = school.id;
    testId = await createExamTest(db, school, { name: 'Released, open', isResultPublished: true });
    const logins = [];
    for (let i = 0; i < 16; i += 1) logins.push(await createStudent(db, school));
    const current = await db.execute(sql`select current_database() as name`);
    const { name } = (current as unknown as { rows: { name: string }[] }).rows[0]!;
    const storage = createTestStorage();
    for (let index = 0; index < 3; index += 1) pools.push(await openPostgres(databaseUrl(name), { poolSize: 4 }));
    other = pools[2]!;
    for (const pool of pools.slice(0, 2)) {
      const app = await buildApp({
        storage,
        config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
        database: pool,
        now: () => fixedNow,
        rateLimits: { loginPerMinute: 10_000 },
      });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      bases.push(address.replace('127.0.0.1', 'localhost'));
    }
    for (const login of logins)
      sessions.push(await signIn(apps[0]!, { user_name: login.login, password: login.password }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await other?.close();
    await database?.close();
  });

  /** A request to one of the two servers (`index` picks which). */
  const sender = (index: number) => async (method: string, url: string, body: unknown, authorization: string) => {
    const response = await fetch(`${bases[index % bases.length]}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as PanelAnswer['body'] };
  };
  const report = async (index: number, session: Session) => {
    const response = await fetch(
      `${bases[index % bases.length]}/api/v1/studentdashboard/testReports/${session.account_id}/${session.user_id}/${testId}/-1`,
      { headers: { authorization: session.scorecard_auth_token } },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { test_report: { rank: number; total_students: number } }).test_report;
  };
  const staleCount = async () => (await database.db.select().from(reportStaleTests)).length;

  it('never ranks one test twice at once, keeps submissions and ranked reads from waiting, and ends right', async () => {
    // Four students submitted and were ranked when the result came out.
    await Promise.all(
      sessions.slice(0, 4).map((session, i) => takeThroughPanel(sender(i), session, testId, answers[i % 4]!)),
    );
    await rankTest(other.db, instituteId, testId, fixedNow);
    await database.db.delete(reportStaleTests);

    // A fifth submits; a ranking of the test starts in the third process and is held inside its lock.
    expect((await takeThroughPanel(sender(0), sessions[4]!, testId, answers[0]!)).status).toBe(200);
    let inside = 0;
    let mostInside = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const hasEntered = new Promise<void>((resolve) => (entered = resolve));
    const count = async (hold?: Promise<void>) => {
      inside += 1;
      mostInside = Math.max(mostInside, inside);
      entered();
      await hold;
      inside -= 1;
    };
    const first = rankStaleTest(other.db, instituteId, testId, fixedNow, { inLock: () => count(held) });
    await hasEntered;

    // Meanwhile: both other processes find the test busy and return at once, without ranking it.
    const busy = await Promise.all(
      pools.slice(0, 2).map((pool) => rankStaleTest(pool.db, instituteId, testId, fixedNow, { inLock: () => count() })),
    );
    expect(busy).toEqual(['busy', 'busy']);
    // Ten students submit in parallel through both servers: every submission answers while the ranking holds.
    const submitted = await Promise.all(
      sessions.slice(5, 15).map((session, i) => takeThroughPanel(sender(i), session, testId, answers[(i + 1) % 4]!)),
    );
    expect(submitted.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // A ranked student's report answers the last ranks (the four) at once, from either server.
    expect(await report(0, sessions[0]!)).toMatchObject({ rank: 1, total_students: 4 });
    expect(await report(1, sessions[0]!)).toMatchObject({ rank: 1, total_students: 4 });
    // A student missing from them waits for the ranking in progress, and then for their own.
    const lateReport = report(1, sessions[14]!);

    release();
    expect(await first).toBe('ranked');
    expect(mostInside).toBe(1);
    // The late reader's own ranking runs in its server meanwhile: rounds started beside it found the test busy and
    // returned at once, so on a loaded machine five of them could all end before it did (a flaky stale count of 1).
    const late = await lateReport;
    // Submissions came during that ranking: still stale, so the next rounds rank again, from all three at once.
    for (let round = 0; round < 5 && (await staleCount()) > 0; round += 1) {
      await Promise.all(pools.map((pool) => rankStaleTests(pool.db, fixedNow)));
    }
    expect(await staleCount()).toBe(0);
    const ranks = await bruteForceRanks(database.db, testId);
    expect(Object.keys(ranks)).toHaveLength(15);
    expect(await storedRanks(database.db, testId)).toEqual(ranks);
    expect(late).toMatchObject({ total_students: 15, rank: ranks[sessions[14]!.user_id] });
    expect(await report(0, sessions[0]!)).toMatchObject({ rank: 1, total_students: 15 });
    const stats = (await database.db.execute(
      sql`select students from report_test_stats where test_id = ${testId}`,
    )) as unknown as {
      rows: { students: number }[];
    };
    expect(stats.rows[0]!.students).toBe(15);
  });
});
