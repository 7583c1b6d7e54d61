// When a test's answer key may leave the server (issue 25 finding 3). The key is everything that tells a right
// answer from a wrong one: correct answers, solutions, and per-question verdicts and marks. Scores, counts and ranks
// are results, not the key: they are served once the result is released, whatever this rule says.

import { acceptsSave, maxAttempts, testTypes } from './exam-rules.ts';

/** What the answer-key rule reads of a test and of the attempts at it (times in milliseconds since the epoch). */
export interface AnswerKeyInput {
  test_type_id: number;
  /** The practice limit; 0 means unlimited. Mock and online tests allow one attempt whatever it says. */
  test_limit: number;
  /** The end of the test's window: nobody can start an attempt from then on. */
  endsAtMs: number;
  /** Attempts the student has started at the test, submitted or not. */
  studentAttempts: number;
  /** The latest end of the student's attempts not yet submitted, or null when none. */
  studentOpenUntilMs: number | null;
  /** The latest end of anyone's attempt at the test not yet submitted, or null when none. */
  anyOpenUntilMs: number | null;
}

/** Whether an attempt not yet submitted, ending at `untilMs`, still takes answers at `nowMs` (its grace included). */
const stillAnswering = (untilMs: number | null, nowMs: number) => untilMs !== null && acceptsSave(untilMs, nowMs);

/**
 * Whether the answer key of a test may be shown to a student at `nowMs`: only once the test can no longer be
 * taken with its help.
 * - Never while the student's own attempt still takes answers.
 * - Any test, once its window has ended and no attempt at it (anyone's) still takes answers (an attempt ends at
 *   the window's end at the latest, plus the save grace; one can outlast a window shortened after it started).
 * - A practice test also once the student has used every try: practice is the student's own drill, and reading
 *   the solutions after the last try is its point. (A classmate still practising could be told the key; accepted.)
 * - A mock or online test not before its window ends, even for a student who has submitted: the class takes it
 *   within the window, one attempt each, and an early finisher could pass the key to a classmate about to start.
 */
export function canRevealAnswerKey(test: AnswerKeyInput, nowMs: number): boolean {
  if (stillAnswering(test.studentOpenUntilMs, nowMs)) return false;
  if (nowMs >= test.endsAtMs && !stillAnswering(test.anyOpenUntilMs, nowMs)) return true;
  if (test.test_type_id !== testTypes.practice) return false;
  return test.studentAttempts >= maxAttempts(test.test_type_id, test.test_limit);
}
