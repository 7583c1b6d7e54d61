import { describe, expect, it } from 'vitest';
import {
  deskAction,
  deskStatus,
  isShownOnDesk,
  takeableStatuses,
  type DeskStatus,
  type DeskStatusInput,
} from './desk-status.ts';

const now = Date.parse('2026-11-21T06:30:00Z');
const nowSeconds = now / 1000;
const day = 86_400;
/** Windows relative to `now`, in seconds. */
const open = { start_timestamp: nowSeconds - day, end_timestamp: nowSeconds + day };
const ended = { start_timestamp: nowSeconds - 2 * day, end_timestamp: nowSeconds - 1 };
const later = { start_timestamp: nowSeconds + 1, end_timestamp: nowSeconds + day };

const test = (overrides: Partial<DeskStatusInput>): DeskStatusInput => ({
  test_type_id: 4,
  ...open,
  total_attempts: 0,
  incomplete_attempts: 0,
  test_limit: 0,
  is_submitted: 0,
  ...overrides,
});

const mock = 1;
const practice = 2;
const online = 4;

// [case, input, status]: every branch of §4's five rules, in their order, and the edges of the clock.
const cases: [string, Partial<DeskStatusInput>, DeskStatus][] = [
  // 1. Practice with unlimited tries or fewer submitted than the limit: practice, whatever the dates.
  [
    'practice, unlimited, many tries taken',
    { test_type_id: practice, total_attempts: 40, is_submitted: 1 },
    'practice',
  ],
  [
    'practice, 2 of 3 submitted',
    { test_type_id: practice, test_limit: 3, total_attempts: 2, is_submitted: 1 },
    'practice',
  ],
  [
    'practice, 2 of 3 submitted and 1 open with time left',
    { test_type_id: practice, test_limit: 3, total_attempts: 2, incomplete_attempts: 1, is_submitted: 1 },
    'practice',
  ],
  ['practice before its window', { test_type_id: practice, test_limit: 3, ...later }, 'practice'],
  ['practice after its window, never taken', { test_type_id: practice, test_limit: 3, ...ended }, 'practice'],
  // 2. Ended and never submitted: view (the panel's read-only paper).
  ['online ended, never taken', { ...ended }, 'view'],
  ['mock ended, never taken', { test_type_id: mock, ...ended }, 'view'],
  ['online ended with an attempt still counted open', { ...ended, incomplete_attempts: 1 }, 'view'],
  ['the very second of the end is already ended', { end_timestamp: nowSeconds }, 'view'],
  // 3. Ended and submitted: attempted (Exam Reports), or expired with no attempt at all.
  ['online ended and submitted', { ...ended, total_attempts: 1, is_submitted: 1 }, 'attempted'],
  [
    'practice at its limit, ended',
    { test_type_id: practice, test_limit: 1, total_attempts: 1, is_submitted: 1, ...ended },
    'attempted',
  ],
  ['ended, flagged submitted but no attempt counted', { ...ended, is_submitted: 1 }, 'expired'],
  // 4. Not open yet: upcoming.
  ['online before its window', { ...later }, 'upcoming'],
  ['mock before its window', { test_type_id: mock, ...later }, 'upcoming'],
  ['the very second of the start is open', { start_timestamp: nowSeconds }, 'ongoing'],
  // 5. Within the window.
  ['online submitted within the window', { total_attempts: 1, is_submitted: 1 }, 'expired'],
  ['mock submitted within the window', { test_type_id: mock, total_attempts: 1, is_submitted: 1 }, 'expired'],
  [
    'practice whose submitted tries equal the limit',
    { test_type_id: practice, test_limit: 3, total_attempts: 3 },
    'expired',
  ],
  [
    'practice whose tries are above a lowered limit',
    { test_type_id: practice, test_limit: 2, total_attempts: 3 },
    'expired',
  ],
  ['online started and not submitted', { incomplete_attempts: 1 }, 'resume'],
  ['mock started and not submitted', { test_type_id: mock, incomplete_attempts: 1 }, 'resume'],
  ['online not taken', {}, 'ongoing'],
  ['mock not taken', { test_type_id: mock }, 'ongoing'],
];

describe('deskStatus (spec part 2 §4, evaluated in order)', () => {
  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(deskStatus(test({ test_type_id: online, ...overrides }), now)).toBe(expected);
  });
});

describe('what the desk shows and does', () => {
  it('shows only upcoming, practice, ongoing, resume and view', () => {
    const all: DeskStatus[] = ['practice', 'view', 'expired', 'attempted', 'upcoming', 'resume', 'ongoing'];
    expect(all.filter(isShownOnDesk)).toEqual(['practice', 'view', 'upcoming', 'resume', 'ongoing']);
    expect(takeableStatuses).toEqual(['practice', 'ongoing', 'resume']);
  });

  const actions: [DeskStatus, number, ReturnType<typeof deskAction>][] = [
    ['ongoing', 0, { label: 'Start', opens: 'take' }],
    ['resume', 1, { label: 'Resume', opens: 'take' }],
    ['practice', 0, { label: 'Start', opens: 'take' }],
    // An open practice attempt is resumed, not locked out.
    ['practice', 1, { label: 'Resume', opens: 'take' }],
    ['view', 0, { label: 'View', opens: 'view' }],
    ['upcoming', 0, null],
    ['expired', 0, null],
    ['attempted', 0, null],
  ];
  it.each(actions)('%s with %i open attempts: %o', (status, open, expected) => {
    expect(deskAction({ status, incomplete_attempts: open })).toEqual(expected);
  });
});
