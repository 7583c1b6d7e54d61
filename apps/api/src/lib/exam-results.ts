import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { examAttempts, examTests } from '../db/schema/index.ts';

// Exam results shared by the exam area (a submission after the release re-ranks), the access policies (the
// `question` id) and the report area, which reads what these write.

/**
 * Ranks a test set-based, in one transaction: each user's best submitted attempt (the earlier one on a tie), then
 * `rank() over (order by score desc)` (competition ranking: 1, 2, 2, 4), then the test's figures (students, the
 * average, the topper). Run when a result is released, when an attempt is submitted after that, and on the first
 * report of a released test never ranked. Reports then read rows by key.
 */
export async function rankTest(db: Db, instituteId: number, testId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises concurrent rankings of one test (two submits at once).
    await tx.execute(sql`select 1 from exam_tests where institute_id = ${instituteId} and id = ${testId} for update`);
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
  });
}

/** After a submission: ranks the attempt's test again when its result is already released. */
export async function rankAfterSubmit(db: Db, instituteId: number, attemptId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ testId: examAttempts.testId, released: examTests.isResultPublished })
    .from(examAttempts)
    .innerJoin(
      examTests,
      and(eq(examTests.instituteId, examAttempts.instituteId), eq(examTests.id, examAttempts.testId)),
    )
    .where(and(eq(examAttempts.instituteId, instituteId), eq(examAttempts.id, attemptId)));
  if (row?.released) await rankTest(db, instituteId, row.testId, now);
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
