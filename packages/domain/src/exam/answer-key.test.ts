import { describe, expect, it } from 'vitest';
import { canRevealAnswerKey, type AnswerKeyInput } from './answer-key.ts';
import { saveGraceSeconds } from './exam-rules.ts';

const now = Date.parse('2026-11-21T06:30:00Z');
const minute = 60_000;
const grace = saveGraceSeconds * 1000;
const open = now + 7 * 86_400_000;
const closed = now - minute;

const test = (overrides: Partial<AnswerKeyInput> = {}): AnswerKeyInput => ({
  test_type_id: 4,
  test_limit: 0,
  endsAtMs: open,
  studentAttempts: 1,
  studentOpenUntilMs: null,
  anyOpenUntilMs: null,
  ...overrides,
});

describe('canRevealAnswerKey (the key, solutions and per-question verdicts)', () => {
  const cases: [string, Partial<AnswerKeyInput>, boolean][] = [
    // Practice: the student's own tries decide while the window is open.
    ['practice, 1 of 3 tries used, window open', { test_type_id: 2, test_limit: 3, studentAttempts: 1 }, false],
    ['practice, 2 of 3 tries used, window open', { test_type_id: 2, test_limit: 3, studentAttempts: 2 }, false],
    ['practice, 3 of 3 tries used, window open', { test_type_id: 2, test_limit: 3, studentAttempts: 3 }, true],
    ['practice, unlimited tries, window open', { test_type_id: 2, test_limit: 0, studentAttempts: 40 }, false],
    ['practice, unlimited tries, window closed', { test_type_id: 2, test_limit: 0, endsAtMs: closed }, true],
    ['practice, tries left, window closed', { test_type_id: 2, test_limit: 3, endsAtMs: closed }, true],
    [
      'practice, last try still open',
      {
        test_type_id: 2,
        test_limit: 3,
        studentAttempts: 3,
        studentOpenUntilMs: now + minute,
        anyOpenUntilMs: now + minute,
      },
      false,
    ],
    [
      'practice, used up while a classmate is still answering',
      { test_type_id: 2, test_limit: 3, studentAttempts: 3, anyOpenUntilMs: now + minute },
      true,
    ],
    // Mock and online: one attempt each, taken by the class within the window: the key waits for its end.
    ['online, submitted, window open (classmates may still start)', { test_type_id: 4 }, false],
    ['mock, submitted, window open', { test_type_id: 1 }, false],
    ['online, window open, limit field says 3', { test_type_id: 4, test_limit: 3, studentAttempts: 3 }, false],
    ['online, window closed', { test_type_id: 4, endsAtMs: closed }, true],
    ['mock, window closed', { test_type_id: 1, endsAtMs: closed }, true],
    ['online, the very millisecond of the end', { endsAtMs: now }, true],
    ['online, one millisecond before the end', { endsAtMs: now + 1 }, false],
    // An attempt still taking answers after the window's end (its grace, or a window shortened meanwhile).
    [
      'online, window closed, own attempt in its grace',
      { endsAtMs: closed, studentOpenUntilMs: now - grace + 1 },
      false,
    ],
    [
      'online, window closed, a classmate still in the grace',
      { endsAtMs: closed, anyOpenUntilMs: now - grace + 1 },
      false,
    ],
    [
      'online, window closed, an abandoned attempt past its grace',
      { endsAtMs: closed, anyOpenUntilMs: now - grace - 1, studentOpenUntilMs: now - grace - 1 },
      true,
    ],
    ['unknown test type: as a scheduled test', { test_type_id: 9, studentAttempts: 5, test_limit: 1 }, false],
  ];
  it.each(cases)('%s → %s', (_name, overrides, expected) => {
    expect(canRevealAnswerKey(test(overrides), now)).toBe(expected);
  });
});
