// Test support shared by the ranking tests on PGlite and on PostgreSQL (not a test file itself).
import type { Session } from '@campus/domain/auth/auth.contract';
import { competitionRanks } from '@campus/domain/report/report-rules';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { reportResults } from '../../db/schema/report.ts';

/** The ranks the stored rows must hold: each user's best score, competition-ranked (the domain's reference). */
export async function bruteForceRanks(db: Db, testId: number) {
  const result = await db.execute(sql`select user_id, max(score)::float8 as score from exam_attempts
    where test_id = ${testId} and submitted_at is not null and score is not null group by user_id order by user_id`);
  const best = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { user_id: number; score: number }[];
  const ranks = competitionRanks(best.map((row) => Number(row.score)));
  return Object.fromEntries(best.map((row, index) => [Number(row.user_id), ranks[index]!]));
}

export async function storedRanks(db: Db, testId: number) {
  const rows = await db
    .select({ userId: reportResults.userId, rank: reportResults.rank })
    .from(reportResults)
    .where(eq(reportResults.testId, testId));
  return Object.fromEntries(rows.map((row) => [row.userId, row.rank]));
}

/** An answer of the panel as the tests read it: the fields these flows use. */
export interface PanelAnswer {
  status: number;
  body: {
    launch_token?: string;
    attempt_token?: string;
    result?: { total_score: number } | null;
    message?: string;
  };
}

/** The test panel as a student's window uses it: launch, open, answer, submit (`send` makes each request). */
export async function takeThroughPanel(
  send: (method: string, url: string, body: unknown, authorization: string) => Promise<PanelAnswer>,
  session: Session,
  testId: number,
  answers: Record<number, string>,
) {
  const launched = await send('POST', '/examPanel/launch', { test_id: testId }, session.examdesk_auth_token);
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const opened = await send('POST', '/examPanel/open', { launch_token: launched.body.launch_token }, '');
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const token = opened.body.attempt_token!;
  const changes = Object.entries(answers).map(([no, answer], index) => ({
    question_no: Number(no),
    seq: index + 1,
    answer,
  }));
  const saved = await send('PUT', '/examPanel/attempt/answers', { answers: changes }, token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return send('POST', '/examPanel/attempt/submit', {}, token);
}
