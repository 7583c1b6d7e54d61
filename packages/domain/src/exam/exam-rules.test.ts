import { describe, expect, it } from 'vitest';
import {
  acceptsSave,
  attemptEndsAt,
  formatCountdown,
  formatDuration,
  isOverdue,
  isValidAnswer,
  matchesExamSearch,
  maxAttempts,
  parseMatching,
  remainingSeconds,
  scoreAnswer,
  scoreAttempt,
  truncateExamName,
  withPlaceholderLabels,
} from './exam-rules.ts';

const now = Date.parse('2026-11-21T06:30:00Z');
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('maxAttempts', () => {
  it('mock and online tests allow one attempt, practice its limit (0 none)', () => {
    expect(maxAttempts(1, 5)).toBe(1);
    expect(maxAttempts(4, 0)).toBe(1);
    expect(maxAttempts(2, 3)).toBe(3);
    expect(maxAttempts(2, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the attempt clock', () => {
  it('ends at the duration from the start, cut at the window end', () => {
    expect(attemptEndsAt(now, 30, seconds('2026-11-25T00:00:00Z'))).toBe(now + 30 * 60_000);
    expect(attemptEndsAt(now, 30, now / 1000 + 600)).toBe(now + 600_000);
  });
  it('a practice attempt runs its full duration, its dates notwithstanding (§4 rule 1 offers it at any time)', () => {
    expect(attemptEndsAt(now, 30, now / 1000 + 600, 2)).toBe(now + 30 * 60_000);
    expect(attemptEndsAt(now, 30, now / 1000 - 600, 2)).toBe(now + 30 * 60_000);
    expect(attemptEndsAt(now, 30, now / 1000 - 600, 1)).toBe(now - 600_000);
  });
  it('remaining time counts down in whole seconds and never goes negative', () => {
    expect(remainingSeconds(now + 90_500, now)).toBe(90);
    expect(remainingSeconds(now - 5_000, now)).toBe(0);
  });
  it('saves are accepted until 10 s after the end; later the attempt is overdue', () => {
    expect(acceptsSave(now, now + 10_000)).toBe(true);
    expect(acceptsSave(now, now + 10_001)).toBe(false);
    expect(isOverdue(now, now + 10_000)).toBe(false);
    expect(isOverdue(now, now + 10_001)).toBe(true);
  });
  it('shows the countdown as h:mm:ss', () => {
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(-4)).toBe('0:00:00');
  });
});

describe('scoring (spec part 2 §9 question types)', () => {
  const q = (ques_type: number, correct: string, marks = 4, negative_marks = 1) => ({
    ques_type,
    correct,
    marks,
    negative_marks,
  });
  it('single choice and true/false: right earns the marks, wrong loses the negative marks, blank is 0', () => {
    expect(scoreAnswer(q(1, 'b'), 'b')).toEqual({ verdict: 'right', score: 4 });
    expect(scoreAnswer(q(1, 'b'), 'c')).toEqual({ verdict: 'wrong', score: -1 });
    expect(scoreAnswer(q(1, 'b', 4, 0), 'c')).toEqual({ verdict: 'wrong', score: 0 });
    expect(scoreAnswer(q(1, 'b'), '')).toEqual({ verdict: 'left', score: 0 });
    expect(scoreAnswer(q(5, 'a'), 'a')).toEqual({ verdict: 'right', score: 4 });
    expect(scoreAnswer(q(5, 'a'), 'b')).toEqual({ verdict: 'wrong', score: -1 });
  });
  it('multiple choice: the exact set in any order, a subset in proportion, any wrong letter negative', () => {
    expect(scoreAnswer(q(3, 'a,c,d', 3), 'd,a,c')).toEqual({ verdict: 'right', score: 3 });
    expect(scoreAnswer(q(3, 'a,c,d', 3), 'a,c')).toEqual({ verdict: 'partial', score: 2 });
    expect(scoreAnswer(q(3, 'a,c,d', 4), 'a')).toEqual({ verdict: 'partial', score: 1.33 });
    expect(scoreAnswer(q(3, 'a,c,d', 3), 'a,b')).toEqual({ verdict: 'wrong', score: -1 });
    expect(scoreAnswer(q(3, 'a,c', 3), ',')).toEqual({ verdict: 'left', score: 0 });
  });
  it('matching type 6 reads pipe-separated a=q pairs in any order', () => {
    expect(parseMatching(6, 'a=q|b=p')).toEqual(
      new Map([
        ['a', 'q'],
        ['b', 'p'],
      ]),
    );
    const key = q(6, 'a=q|b=p|c=s|d=r', 4);
    expect(scoreAnswer(key, 'b=p|a=q|d=r|c=s')).toEqual({ verdict: 'right', score: 4 });
    expect(scoreAnswer(key, 'a=q|b=p|c=r|d=s')).toEqual({ verdict: 'partial', score: 2 });
    expect(scoreAnswer(key, 'a=p|b=q')).toEqual({ verdict: 'wrong', score: -1 });
    expect(scoreAnswer(key, 'a=|b=')).toEqual({ verdict: 'left', score: 0 });
  });
  it('matching type 7 reads comma-separated right letters in left order', () => {
    const key = q(7, 'q,p,s,r', 4);
    expect(parseMatching(7, 'q,,s')).toEqual(
      new Map([
        ['a', 'q'],
        ['c', 's'],
      ]),
    );
    expect(scoreAnswer(key, 'q,p,s,r')).toEqual({ verdict: 'right', score: 4 });
    expect(scoreAnswer(key, 'q,p,r,s')).toEqual({ verdict: 'partial', score: 2 });
    expect(scoreAnswer(key, 'p,q,r,s')).toEqual({ verdict: 'wrong', score: -1 });
  });
  it('subjective answers are pending evaluation and count no marks yet', () => {
    expect(scoreAnswer(q(2, ''), '<p>Photosynthesis</p>')).toEqual({ verdict: 'pending', score: 0 });
    expect(scoreAnswer(q(2, ''), '  ')).toEqual({ verdict: 'left', score: 0 });
  });
  it('an attempt totals in hundredths and counts each verdict', () => {
    const result = scoreAttempt(
      [q(1, 'a', 0.1, 0), q(1, 'a', 0.2, 0), q(1, 'a', 1, 0.25), q(2, ''), q(3, 'a,b', 2), q(5, 'b')],
      ['a', 'a', 'b', 'an essay', 'a'],
    );
    expect(result).toMatchObject({
      total_score: 1.05,
      total_marks: 11.3,
      right_ques_count: 2,
      wrong_ques_count: 1,
      partial_ques_count: 1,
      pending_ques_count: 1,
      left_ques_count: 1,
      is_pending_evaluation: true,
    });
  });
  it('checks an answer against its type and options', () => {
    expect(isValidAnswer(1, 'd', 4)).toBe(true);
    expect(isValidAnswer(1, 'e', 4)).toBe(false);
    expect(isValidAnswer(3, 'a,c', 4)).toBe(true);
    expect(isValidAnswer(3, 'a;c', 4)).toBe(false);
    expect(isValidAnswer(6, 'a=q|b=', 4)).toBe(true);
    expect(isValidAnswer(6, 'a,q', 4)).toBe(false);
    expect(isValidAnswer(7, 'q,,r', 4)).toBe(true);
    expect(isValidAnswer(7, 'q|r', 4)).toBe(false);
    expect(isValidAnswer(9, 'a', 4)).toBe(false);
  });
});

describe('card labels', () => {
  it('cuts names at 47 characters, 25 on the generic card, with an ellipsis', () => {
    const name = 'A'.repeat(48);
    expect(truncateExamName(name)).toBe(`${'A'.repeat(47)}...`);
    expect(truncateExamName('A'.repeat(47))).toBe('A'.repeat(47));
    expect(truncateExamName('Physics full syllabus mock test', 25)).toBe('Physics full syllabus moc...');
  });
  it('shows minutes up to 60, hours and minutes above', () => {
    expect(formatDuration(45)).toBe('45 mins');
    expect(formatDuration(60)).toBe('60 mins');
    expect(formatDuration(90)).toBe('1 hr 30 mins');
    expect(formatDuration(120)).toBe('2 hr');
  });
  it('searches test names case-insensitively', () => {
    expect(matchesExamSearch({ test_name: 'Weekly Physics' }, 'PHYS')).toBe(true);
    expect(matchesExamSearch({ test_name: 'Weekly Physics' }, 'chem')).toBe(false);
  });
  it('adds the MockP and OnlineP placeholders when a type has no label', () => {
    expect(withPlaceholderLabels([]).map((label) => label.label_id)).toEqual(['MockP', 'OnlineP']);
    const labels = [{ label_id: 7, label_name: 'JEE Mock', test_type_id: 1, title: 'JEE' }];
    expect(withPlaceholderLabels(labels).map((label) => label.label_id)).toEqual([7, 'OnlineP']);
  });
});
