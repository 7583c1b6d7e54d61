// The exam desk's status of a test for one student (spec part 2 §4, "Exam desk status per test, evaluated in this
// order"), and what the desk does with each status. Pure: the clock comes in as `nowMs`.

import { testTypes } from './exam-rules.ts';

/**
 * The desk status of a test (spec part 2 §4):
 * - practice: a practice test with unlimited tries or fewer submitted than its limit, whatever its dates;
 * - view: the window ended and the student never submitted it (the paper opens read-only);
 * - expired: ended with no attempt at all, or within the window with no attempt left;
 * - attempted: ended and submitted (its result is on Exam Reports);
 * - upcoming: the window has not opened;
 * - resume: a mock or online test with an attempt started and not submitted;
 * - ongoing: anything else within the window.
 */
export type DeskStatus = 'practice' | 'view' | 'expired' | 'attempted' | 'upcoming' | 'resume' | 'ongoing';

/** What the status rules read of a test and of the student's attempts at it (the desk list's own fields). */
export interface DeskStatusInput {
  test_type_id: number;
  /** Seconds since the epoch (multiplied by 1000 for comparison, spec part 2 §9). */
  start_timestamp: number;
  end_timestamp: number;
  /** Submitted attempts (an attempt past its time counts as submitted: the server submits it at its end). */
  total_attempts: number;
  /** Attempts started, not submitted, and still with time left. */
  incomplete_attempts: number;
  /** 0 means unlimited. */
  test_limit: number;
  /** 1 when the student has submitted an attempt. */
  is_submitted: number;
}

/** The desk status of a test at `nowMs` (milliseconds), by §4's rules in their order. */
export function deskStatus(test: DeskStatusInput, nowMs: number): DeskStatus {
  const isPractice = test.test_type_id === testTypes.practice;
  const ended = nowMs >= test.end_timestamp * 1000;
  // 1. Practice with tries left: before its other rules, so its dates do not matter.
  if (isPractice && (test.test_limit === 0 || test.total_attempts < test.test_limit)) return 'practice';
  // 2. Ended and never submitted: the paper can be looked at.
  if (ended && test.is_submitted === 0) return 'view';
  // 3. Ended: expired when never touched, otherwise attempted.
  if (ended) return test.total_attempts + test.incomplete_attempts === 0 ? 'expired' : 'attempted';
  // 4.
  if (nowMs < test.start_timestamp * 1000) return 'upcoming';
  // 5. Within the window. A practice test here has used its tries (rule 1 took the rest); "equal the limit" is read
  // as "reached it", so a limit lowered below the tries taken does not offer a Start the server must refuse.
  if (isPractice) return 'expired';
  if (test.total_attempts > 0) return 'expired';
  if (test.incomplete_attempts > 0) return 'resume';
  return 'ongoing';
}

/** The statuses the desk shows (spec part 2 §4); a test in any other is left off the list. */
export const shownDeskStatuses: readonly DeskStatus[] = ['upcoming', 'practice', 'ongoing', 'resume', 'view'];

/** Whether the desk lists a test of this status. */
export const isShownOnDesk = (status: DeskStatus) => shownDeskStatuses.includes(status);

/** Statuses whose action opens the panel to take the test (start, or resume an open attempt). */
export const takeableStatuses: readonly DeskStatus[] = ['practice', 'ongoing', 'resume'];

/** What a card's button does: open the panel to take the test, open it read-only, or nothing (Upcoming). */
export type DeskAction = { label: 'Start' | 'Resume'; opens: 'take' } | { label: 'View'; opens: 'view' } | null;

/**
 * The card's action (spec part 2 §4): upcoming an inert Upcoming button (null here), ongoing Start, resume Resume,
 * view View, practice Start. A practice test with an open attempt says Resume: the panel carries on with that
 * attempt rather than starting another (an open attempt is resumable while it has time).
 */
export function deskAction(test: Pick<DeskStatusInput, 'incomplete_attempts'> & { status: DeskStatus }): DeskAction {
  switch (test.status) {
    case 'ongoing':
      return { label: 'Start', opens: 'take' };
    case 'practice':
      return { label: test.incomplete_attempts > 0 ? 'Resume' : 'Start', opens: 'take' };
    case 'resume':
      return { label: 'Resume', opens: 'take' };
    case 'view':
      return { label: 'View', opens: 'view' };
    default:
      return null;
  }
}

/**
 * What the exam desk shows until a test type is chosen (spec part 2 §2.3), verbatim: the web's screen shows it, and
 * the server paints it into the desk's page before the app's code has loaded (its largest element).
 */
export const chooseTestTypeText = 'Click on the Test Type to view the scheduled exams';
