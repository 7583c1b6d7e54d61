// Pure rules of the exam desk and the test panel (spec part 2 §2.3, §4, §5, §9): the attempt's clock, the scoring
// of every question type and the card labels (the desk status is in desk-status.ts). Every rule takes `now`.

/** Test types (spec part 2 §9): 1 mock, 2 practice, 4 online. */
export const testTypes = { mock: 1, practice: 2, online: 4 } as const;
export type TestTypeId = (typeof testTypes)[keyof typeof testTypes];

/** Question types (spec part 2 §9). */
export const questionTypes = {
  single: 1,
  subjective: 2,
  multiple: 3,
  trueFalse: 5,
  matchingPipe: 6,
  matchingComma: 7,
} as const;
export type QuestionTypeId = (typeof questionTypes)[keyof typeof questionTypes];

/** Placeholder labels, added when the institute has no mock or no online label (spec part 2 §3, §4, §9). */
export const placeholderLabels = [
  { label_id: 'MockP', label_name: 'Mock Test', test_type_id: 1, title: 'Mock Test' },
  { label_id: 'OnlineP', label_name: 'Online exam', test_type_id: 4, title: 'Online exam' },
] as const;

/** Seconds after an attempt's end during which a save sent before the end is still accepted (network delay). */
export const saveGraceSeconds = 10;

/** A launch token lives this long (the new window exchanges it at once). */
export const launchTokenSeconds = 120;

/** The server's message to a panel window whose attempt was resumed elsewhere (code ATTEMPT_SUPERSEDED). */
export const attemptSupersededMessage = 'This test continues in another window.';

/** Exam names on a card are cut to 47 characters (25 on the generic/product card) plus '...' (spec part 2 §5). */
export const examNameLimit = 47;
export const genericExamNameLimit = 25;

/** How many attempts a student may start: practice tests by their limit (0 none), mock and online tests one. */
export function maxAttempts(testTypeId: number, testLimit: number): number {
  if (testTypeId === testTypes.practice) return testLimit === 0 ? Number.POSITIVE_INFINITY : testLimit;
  return 1;
}

/**
 * The moment an attempt started at `startedAtMs` ends: its duration, cut at the window's end. A practice test is
 * offered whatever its dates while tries are left (spec part 2 §4 rule 1), so its attempts run their full duration.
 */
export function attemptEndsAt(
  startedAtMs: number,
  durationMinutes: number,
  windowEndSeconds: number,
  testTypeId: number = testTypes.online,
): number {
  const full = startedAtMs + durationMinutes * 60_000;
  return testTypeId === testTypes.practice ? full : Math.min(full, windowEndSeconds * 1000);
}

/** Whole seconds left in an attempt ending at `endsAtMs`, never negative. */
export function remainingSeconds(endsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((endsAtMs - nowMs) / 1000));
}

/** Whether a save arriving at `nowMs` is still accepted: before the end plus the grace. */
export function acceptsSave(endsAtMs: number, nowMs: number): boolean {
  return nowMs <= endsAtMs + saveGraceSeconds * 1000;
}

/** An attempt still open at `nowMs` past its end is submitted automatically, dated at its end. */
export function isOverdue(endsAtMs: number, nowMs: number): boolean {
  return nowMs > endsAtMs + saveGraceSeconds * 1000;
}

// ——— Answers and scoring ———

/** Option letters a to z (spec part 2 §9). */
export const optionLetters = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** A question as scored: its type, the key and its marks (hundredths avoid floating error in sums). */
export interface ScoredQuestion {
  ques_type: number;
  /**
   * The key: 1 and 5 one letter ('b'); 3 letters comma-joined ('a,c'); 6 `a=q|b=p` pairs; 7 comma-joined right
   * letters in left order ('q,p,r'); 2 none.
   */
  correct: string;
  marks: number;
  negative_marks: number;
}

/** The outcome of one question: right, wrong, left (unanswered) or pending (subjective, awaiting evaluation). */
export type Verdict = 'right' | 'wrong' | 'left' | 'pending' | 'partial';

export interface QuestionScore {
  verdict: Verdict;
  /** Marks earned, negative for a wrong answer with negative marking; 2 decimals. */
  score: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Letters of a multiple-choice answer, lower-case, de-duplicated, sorted. */
export function parseChoices(answer: string): string[] {
  return [
    ...new Set(
      answer
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].sort();
}

/**
 * Pairs of a matching answer: type 6 `a=q|b=p` (left letter = right letter, pipe-separated), type 7 `q,p,r` (the
 * right letter of each left item in order, comma-separated). Answers as left letter → right letter; an empty
 * right side is an unanswered pair.
 */
export function parseMatching(type: number, answer: string): Map<string, string> {
  const pairs = new Map<string, string>();
  if (type === questionTypes.matchingPipe) {
    for (const part of answer.split('|')) {
      const [left, right] = part.split('=').map((side) => side?.trim().toLowerCase() ?? '');
      if (left && right) pairs.set(left, right);
    }
  } else {
    answer.split(',').forEach((right, index) => {
      const value = right.trim().toLowerCase();
      if (value) pairs.set(optionLetters[index]!, value);
    });
  }
  return pairs;
}

/** Whether an answer says nothing (blank, or no letters/pairs). */
export function isBlankAnswer(type: number, answer: string | null | undefined): boolean {
  if (answer === null || answer === undefined || answer.trim() === '') return true;
  if (type === questionTypes.multiple) return parseChoices(answer).length === 0;
  if (type === questionTypes.matchingPipe || type === questionTypes.matchingComma) {
    return parseMatching(type, answer).size === 0;
  }
  return false;
}

/**
 * Scores one answer. Our rules where the spec is silent:
 * - single choice (1) and true/false (5): the key's letter earns the marks, any other letter loses the negative
 *   marks;
 * - multiple choice (3): the exact set earns the marks; a subset of right letters with no wrong one earns the
 *   marks in proportion (2 of 3 right letters: 2/3 of the marks, marked partial); any wrong letter loses the
 *   negative marks;
 * - matching (6, 7): each right pair earns its share of the marks (3 of 4 pairs: 3/4, partial); no pair right
 *   loses the negative marks;
 * - subjective (2): pending evaluation, 0 until a teacher marks it;
 * - a blank answer is left: 0.
 */
export function scoreAnswer(question: ScoredQuestion, answer: string | null | undefined): QuestionScore {
  const { ques_type: type, marks, negative_marks: negative } = question;
  if (type === questionTypes.subjective) {
    return isBlankAnswer(type, answer) ? { verdict: 'left', score: 0 } : { verdict: 'pending', score: 0 };
  }
  if (isBlankAnswer(type, answer)) return { verdict: 'left', score: 0 };
  const given = answer!.trim().toLowerCase();
  const wrong: QuestionScore = { verdict: 'wrong', score: negative === 0 ? 0 : -negative };
  if (type === questionTypes.single || type === questionTypes.trueFalse) {
    return given === question.correct.trim().toLowerCase() ? { verdict: 'right', score: marks } : wrong;
  }
  if (type === questionTypes.multiple) {
    const key = parseChoices(question.correct);
    const chosen = parseChoices(given);
    if (chosen.some((letter) => !key.includes(letter))) return wrong;
    if (chosen.length === key.length) return { verdict: 'right', score: marks };
    return { verdict: 'partial', score: round2((marks * chosen.length) / key.length) };
  }
  if (type === questionTypes.matchingPipe || type === questionTypes.matchingComma) {
    const key = parseMatching(type, question.correct);
    const chosen = parseMatching(type, given);
    let rightPairs = 0;
    for (const [left, right] of key) if (chosen.get(left) === right) rightPairs += 1;
    if (rightPairs === 0) return wrong;
    if (rightPairs === key.size) return { verdict: 'right', score: marks };
    return { verdict: 'partial', score: round2((marks * rightPairs) / key.size) };
  }
  return wrong;
}

/** The totals of an attempt, as stored for reports. */
export interface AttemptResult {
  total_score: number;
  total_marks: number;
  right_ques_count: number;
  wrong_ques_count: number;
  left_ques_count: number;
  partial_ques_count: number;
  pending_ques_count: number;
  /** 1 while a subjective answer awaits evaluation. */
  is_pending_evaluation: boolean;
  per_question: QuestionScore[];
}

/** Scores a paper: `answers` by question index (missing = left). */
export function scoreAttempt(
  questions: readonly ScoredQuestion[],
  answers: readonly (string | null | undefined)[],
): AttemptResult {
  const per = questions.map((question, index) => scoreAnswer(question, answers[index]));
  const count = (verdict: Verdict) => per.filter((each) => each.verdict === verdict).length;
  return {
    // Summed in hundredths so 0.1 + 0.2 stays 0.3.
    total_score: per.reduce((sum, each) => sum + Math.round(each.score * 100), 0) / 100,
    total_marks: questions.reduce((sum, each) => sum + Math.round(each.marks * 100), 0) / 100,
    right_ques_count: count('right'),
    wrong_ques_count: count('wrong'),
    left_ques_count: count('left'),
    partial_ques_count: count('partial'),
    pending_ques_count: count('pending'),
    is_pending_evaluation: count('pending') > 0,
    per_question: per,
  };
}

/** Whether a saved answer fits its question type's format (letters of its options, pairs of its rows). */
export function isValidAnswer(type: number, answer: string, optionCount: number): boolean {
  if (answer === '') return true;
  const letters = optionLetters.slice(0, Math.max(optionCount, 0));
  if (type === questionTypes.subjective) return answer.length <= 20_000;
  if (type === questionTypes.single || type === questionTypes.trueFalse) return letters.includes(answer);
  if (type === questionTypes.multiple) return answer.split(',').every((letter) => letters.includes(letter));
  if (type === questionTypes.matchingPipe) {
    return answer.split('|').every((pair) => /^[a-z]=[a-z]?$/.test(pair));
  }
  if (type === questionTypes.matchingComma) return answer.split(',').every((right) => /^[a-z]?$/.test(right));
  return false;
}

// ——— Card labels ———

/** An exam name cut at `limit` characters plus '...' when longer. */
export function truncateExamName(name: string, limit: number = examNameLimit): string {
  return name.length > limit ? `${name.slice(0, limit)}...` : name;
}

/** A duration as the card shows it: minutes up to 60 ('45 mins'), hours and minutes above ('1 hr 30 mins'). */
export function formatDuration(minutes: number): string {
  if (minutes <= 60) return `${minutes} mins`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} mins`;
}

/** Remaining time as the panel's countdown shows it: h:mm:ss (spec part 2 §5 shows times as h:mm:ss). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const h = Math.floor(safe / 3600);
  const m = Math.floor((safe % 3600) / 60);
  const s = safe % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Case-insensitive substring search on test_name (spec part 2 §5). */
export function matchesExamSearch(test: { test_name: string }, search: string): boolean {
  return test.test_name.toLowerCase().includes(search.trim().toLowerCase());
}

/**
 * The label row: the institute's labels, plus a placeholder for mock (MockP) and for online (OnlineP) when no
 * label of that type exists (spec part 2 §4).
 */
export function withPlaceholderLabels<L extends { test_type_id: number }>(
  labels: readonly L[],
): (L | (typeof placeholderLabels)[number])[] {
  const result: (L | (typeof placeholderLabels)[number])[] = [...labels];
  for (const placeholder of placeholderLabels) {
    if (!labels.some((label) => label.test_type_id === placeholder.test_type_id)) result.push(placeholder);
  }
  return result;
}

/** The day-month-year text of the list (start_date, end_date), in the institute's zone offset already applied. */
export function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${month}-${year}`;
}
