import type { AttemptAnswer } from '@campus/domain/exam/exam.contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerQueue } from './answer-queue.ts';
import { foldSavedIntoCopy, forgetAttemptCopy, keepAttemptCopy, readAttemptCopy } from './attempt-copy.ts';

const paper = (answers: AttemptAnswer['answers']): AttemptAnswer => ({
  test_id: 7,
  test_name: 'Unit test',
  test_type_id: 4,
  duration: 45,
  attempt_no: 1,
  status: 'open',
  server_time: 1_000_000,
  started_at: 0,
  ends_at: 2_700_000,
  remaining_seconds: 1700,
  sections: [],
  passages: [],
  questions: [],
  answers,
  is_result_published: 0,
  result: null,
});

describe('the panel’s copy of its attempt (opened offline)', () => {
  afterEach(async () => {
    await forgetAttemptCopy();
  });

  it('keeps the paper with the server clock’s offset, and folds in each acknowledged change', async () => {
    await keepAttemptCopy(
      paper([{ question_no: 1, answer: 'a', seq: 1, marked_for_review: false, bookmarked: false }]),
      250,
    );
    await foldSavedIntoCopy(
      [
        { question_no: 2, seq: 2, answer: 'b' },
        { question_no: 1, seq: 3, marked_for_review: true },
      ],
      300,
    );
    const copy = await readAttemptCopy();
    expect(copy?.clockOffset).toBe(300);
    expect(copy?.attempt.answers.sort((a, b) => a.question_no - b.question_no)).toEqual([
      { question_no: 1, answer: 'a', seq: 3, marked_for_review: true, bookmarked: false },
      { question_no: 2, answer: 'b', seq: 2, marked_for_review: false, bookmarked: false },
    ]);
  });

  it('is this window’s only, and gone once forgotten', async () => {
    await keepAttemptCopy(paper([]), 0);
    await forgetAttemptCopy();
    expect(await readAttemptCopy()).toBeUndefined();
  });
});

describe('AnswerQueue.abandon (the attempt continues in another window)', () => {
  it('answers the unsent changes, takes only them out of the stored queue, and writes nothing more', async () => {
    // Windows of one browser share the stored queue of an attempt: this one took over a change left unsent.
    const earlier = await AnswerQueue.open('7:9', 0);
    await earlier.push({ question_no: 1, answer: 'a' }).stored;
    const queue = await AnswerQueue.open('7:9', 0);
    await queue.push({ question_no: 2, answer: 'c' }).stored;

    const unsent = await queue.abandon();
    expect(unsent.map((change) => change.question_no)).toEqual([1, 2]);
    await queue.push({ question_no: 3, answer: 'd' }).stored;
    expect((await AnswerQueue.open('7:9', 0)).pending).toEqual([]);
  });
});
