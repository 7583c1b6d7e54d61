import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Exam results shared by the exam area (a submission after the release marks the ranks stale), the access policies
// (the `question` id) and the report area, which ranks in a background job (ranking.jobs.ts) and reads what these
// write.
//
// Stale ranks, chosen and documented here: a report answers from the last ranking, never waiting for the next one,
// except for a student whose own submitted attempt is not ranked yet: that report ranks first (waiting for a
// ranking of the test in progress in another process, if any), so nobody is told 'No Report Available' for a test
// they took. A submission never waits: it only marks the test (`insertStaleMark`) and enqueues its ranking.

/** Rows of a raw statement, whichever driver ran it (pg answers `{rows}`, PGlite the rows). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The advisory lock space of rankings: (this, test id) is held by whoever ranks that test, until its commit. */
const rankLockSpace = 15_001;

/**
 * Ranks a test set-based, inside `tx` (which must hold the test's ranking lock): each user's best submitted attempt
 * (the earlier one on a tie), then `rank() over (order by score desc)` (competition ranking: 1, 2, 2, 4), then the
 * test's figures (students, the average, the topper). Reports then read rows by key.
 */
async function rankWithin(tx: Db, instituteId: number, testId: number, now: Date): Promise<void> {
  await tx.execute(sql`delete from report_results where institute_id = ${instituteId} and test_id = ${testId}`);
  await tx.execute(sql`insert into report_results (institute_id, test_id, user_id, attempt_id, score, rank)
    select institute_id, test_id, user_id, id, score, rank() over (order by score desc)
    from (
      select distinct on (user_id) institute_id, test_id, user_id, id, score
      from exam_attempts
      where institute_id = ${instituteId} and test_id = ${testId} and submitted_at is not null and score is not null
      order by user_id, score desc, submitted_at asc, id asc
    ) best`);
  await tx.execute(sql`insert into report_test_stats (institute_id, test_id, students, avg_marks, avg_correct,
      avg_incorrect, avg_attempted, avg_time_seconds, topper_attempt_id, ranked_at)
    select ${instituteId}, ${testId}, count(*)::int,
      coalesce(round(avg(a.score), 2), 0),
      coalesce(round(avg((a.result->>'right_ques_count')::numeric), 2), 0),
      coalesce(round(avg((a.result->>'wrong_ques_count')::numeric), 2), 0),
      coalesce(round(avg((a.result->>'right_ques_count')::numeric + (a.result->>'wrong_ques_count')::numeric
        + (a.result->>'partial_ques_count')::numeric + (a.result->>'pending_ques_count')::numeric), 2), 0),
      coalesce(round(avg(extract(epoch from a.submitted_at - a.started_at)))::int, 0),
      (select r2.attempt_id from report_results r2 where r2.institute_id = ${instituteId} and r2.test_id = ${testId}
        order by r2.rank, r2.attempt_id limit 1),
      ${now.toISOString()}::timestamptz
    from report_results r
    join exam_attempts a on a.institute_id = r.institute_id and a.id = r.attempt_id
    where r.institute_id = ${instituteId} and r.test_id = ${testId}
    on conflict (institute_id, test_id) do update set students = excluded.students,
      avg_marks = excluded.avg_marks, avg_correct = excluded.avg_correct, avg_incorrect = excluded.avg_incorrect,
      avg_attempted = excluded.avg_attempted, avg_time_seconds = excluded.avg_time_seconds,
      topper_attempt_id = excluded.topper_attempt_id, ranked_at = excluded.ranked_at`);
}

/**
 * Ranks a test now, in one transaction, waiting for a ranking of it in progress elsewhere (the advisory lock, held
 * to the commit, so two API processes never rank one test at once; it takes no lock a submission needs). Run when
 * a result is released (seed, admin) and by a report that finds the asker missing from stale ranks.
 */
export async function rankTest(db: Db, instituteId: number, testId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${rankLockSpace}, ${testId})`);
    await rankWithin(tx as unknown as Db, instituteId, testId, now);
  });
}

/**
 * After a submission: marks the attempt's test's ranks stale when its result is already released (one upsert that
 * waits for no ranking). Answers the test's id when it marked (the report area then enqueues its ranking).
 */
export async function insertStaleMark(
  db: Db,
  instituteId: number,
  attemptId: number,
  now: Date,
): Promise<number | undefined> {
  const [marked] = rowsOf<{ test_id: number }>(
    await db.execute(sql`insert into report_stale_tests (institute_id, test_id, stale_since)
      select a.institute_id, a.test_id, ${now.toISOString()}::timestamptz
      from exam_attempts a
      join exam_tests t on t.institute_id = a.institute_id and t.id = a.test_id and t.is_result_published
      where a.institute_id = ${instituteId} and a.id = ${attemptId}
      on conflict (institute_id, test_id) do update set marks = report_stale_tests.marks + 1
      returning test_id`),
  );
  return marked ? Number(marked.test_id) : undefined;
}

/** The stale tests, the oldest marks first. */
export async function findStaleTests(db: Db, limit = 50): Promise<{ instituteId: number; testId: number }[]> {
  const rows = rowsOf<{ institute_id: number; test_id: number }>(
    await db.execute(sql`select institute_id, test_id from report_stale_tests order by stale_since limit ${limit}`),
  );
  return rows.map((row) => ({ instituteId: Number(row.institute_id), testId: Number(row.test_id) }));
}

/** What a ranking of a stale test came to: ranked, skipped (another process is ranking it) or already fresh. */
export type StaleRanking = 'ranked' | 'busy' | 'fresh';

/**
 * Ranks one stale test unless another process is ranking it (then answers 'busy' at once: it ranks again when
 * done, if marked meanwhile). The mark is removed after the commit only if no submission marked it since it was
 * read, so a submission that came during the ranking is ranked by the next round. `wait` takes the lock waiting
 * (a report that needs the ranks); `inLock` runs inside the lock before the ranking (tests hold it there).
 */
export async function rankStaleTest(
  db: Db,
  instituteId: number,
  testId: number,
  now: Date,
  { wait = false, inLock }: { wait?: boolean; inLock?: () => Promise<void> } = {},
): Promise<StaleRanking> {
  const outcome = await db.transaction(async (tx) => {
    if (wait) await tx.execute(sql`select pg_advisory_xact_lock(${rankLockSpace}, ${testId})`);
    else {
      const [lock] = rowsOf<{ got: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${rankLockSpace}, ${testId}) as got`),
      );
      if (!lock?.got) return { state: 'busy' as const };
    }
    const [stale] = rowsOf<{ marks: number }>(
      await tx.execute(sql`select marks from report_stale_tests
        where institute_id = ${instituteId} and test_id = ${testId}`),
    );
    if (!stale) return { state: 'fresh' as const };
    await inLock?.();
    await rankWithin(tx as unknown as Db, instituteId, testId, now);
    return { state: 'ranked' as const, marks: stale.marks };
  });
  if (outcome.state === 'ranked') {
    await db.execute(sql`delete from report_stale_tests
      where institute_id = ${instituteId} and test_id = ${testId} and marks = ${outcome.marks}`);
  }
  return outcome.state;
}

/** Ranks every stale test this process can take now (the oldest marks first); answers how many it ranked. */
export async function rankStaleTests(db: Db, now: Date, limit = 50): Promise<number> {
  let ranked = 0;
  for (const { instituteId, testId } of await findStaleTests(db, limit)) {
    if ((await rankStaleTest(db, instituteId, testId, now)) === 'ranked') ranked += 1;
  }
  return ranked;
}

/** Who took an attempt: the student's own attempts by the student index, an open-course user's by user. */
export interface Taker {
  userId: number;
  studentId: number | null;
}
export const takenBy = (taker: Taker) =>
  taker.studentId === null
    ? sql`a.user_id = ${taker.userId} and a.student_id is null`
    : sql`a.student_id = ${taker.studentId} and a.user_id = ${taker.userId}`;

/** A question of a test the user submitted an attempt at (the `question` id policy), or undefined. */
export async function findAttemptedQuestion(db: Db, instituteId: number, taker: Taker, questionId: number) {
  const result = await db.execute(sql`select q.id, q.test_id, q.question_no from exam_questions q
    where q.institute_id = ${instituteId} and q.id = ${questionId}
      and exists (select 1 from exam_attempts a where a.institute_id = q.institute_id and a.test_id = q.test_id
        and ${takenBy(taker)} and a.submitted_at is not null)`);
  const rows =
    (result as unknown as { rows?: { id: number; test_id: number; question_no: number }[] }).rows ??
    (result as unknown as { id: number; test_id: number; question_no: number }[]);
  return rows[0];
}
