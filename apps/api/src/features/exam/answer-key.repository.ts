import type { AnswerKeyInput } from '@campus/domain/exam/answer-key';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/prepared.ts';

// What the answer-key rule reads, shared by the report area (results, bookmarks) and the exam area (the panel's
// read-only paper), so both decide from the same facts.

/**
 * What the answer-key rule (exam/answer-key) reads of a test for one user: its type, limit and window's end, the
 * user's attempts, and the latest end of the attempts not yet submitted, the user's and anyone's. Key lookups only.
 */
export async function findAnswerKeyState(
  db: Db,
  instituteId: number,
  testId: number,
  userId: number,
): Promise<AnswerKeyInput | undefined> {
  const rows = await sqlRows<AnswerKeyInput>(
    db,
    'report_answer_key_state',
    `select t.test_type_id, t.test_limit,
        (extract(epoch from t.ends_at) * 1000)::float8 as "endsAtMs",
        (select count(*)::int from exam_attempts a
          where a.institute_id = $1 and a.test_id = $2 and a.user_id = $3) as "studentAttempts",
        (select (extract(epoch from max(a.ends_at)) * 1000)::float8 from exam_attempts a
          where a.institute_id = $1 and a.test_id = $2 and a.user_id = $3 and a.submitted_at is null)
          as "studentOpenUntilMs",
        (select (extract(epoch from max(a.ends_at)) * 1000)::float8 from exam_attempts a
          where a.institute_id = $1 and a.test_id = $2 and a.submitted_at is null) as "anyOpenUntilMs"
      from exam_tests t
      where t.institute_id = $1 and t.id = $2`,
    [instituteId, testId, userId],
  );
  return rows[0];
}
