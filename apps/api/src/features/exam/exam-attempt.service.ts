import type { AnswerChange, AttemptResultSummary } from '@campus/domain/exam/exam.contract';
import { deskStatus, takeableStatuses, type DeskStatus } from '@campus/domain/exam/desk-status';
import {
  acceptsSave,
  attemptEndsAt,
  isOverdue,
  isValidAnswer,
  launchTokenSeconds,
  maxAttempts,
  remainingSeconds,
  scoreAttempt,
  testTypes,
  type AttemptResult,
} from '@campus/domain/exam/exam-rules';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { markRanksStale } from '../report/index.ts';
import type { JobContext } from '../../lib/job-queue.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AttemptAuth } from '../../types.d.ts';
import type { ExamPaperCache } from './exam-paper-cache.ts';
import {
  consumeLaunchToken,
  findAttempt,
  findOpenAttempt,
  findOverdueAttemptsOf,
  findTest,
  findTestForUser,
  insertAttempt,
  insertLaunchToken,
  saveAnswers,
  saveAnswersWithCredential,
  setAttemptCredential,
  submitAttempt,
  type AttemptRow,
  type findAnswers,
  type MergedChange,
  type PaperRows,
  type TestRow,
} from './exam.repository.ts';
import { signViewGrant, verifyViewGrant } from './exam-view-grant.ts';

// The rules of taking a test, apart from HTTP: launch, open, save, submit and the automatic submission.

/** Messages of the exam desk and the panel: the spec's where it gives one, ours otherwise. */
export const examMessages = {
  parents: 'Parents are not allowed to give exam',
  upcoming: 'This test has not started yet',
  over: 'This test is over',
  exhausted: 'You have used all the attempts of this test',
  badLaunch: 'This test link is no longer valid. Please open the test again from the exam desk.',
  timeOver: 'The time for this test is over',
  submitted: 'This test has already been submitted',
  noQuestion: 'No such question in this test',
  badAnswer: 'The answer does not fit the question',
} as const;

/** The read-only paper's credential (the desk's View) lives this long; its launch token as a take's does. */
const viewCredentialMs = 6 * 60 * 60 * 1000;

/** The counts of a test row the desk's status is derived from (and the desk answer shows). */
export function deskCounts(row: TestRow) {
  return {
    test_type_id: row.testTypeId,
    start_timestamp: Math.floor(row.startsAt.getTime() / 1000),
    end_timestamp: Math.floor(row.endsAt.getTime() / 1000),
    total_attempts: row.submitted,
    incomplete_attempts: row.running,
    test_limit: row.testTypeId === testTypes.practice ? row.testLimit : 1,
    is_submitted: row.submitted > 0 ? 1 : 0,
  };
}

/** Refuses a start when the test's status on the server is not one that may be taken. */
function assertTakeable(status: DeskStatus, test: TestRow, now: Date) {
  if (takeableStatuses.includes(status)) return;
  if (status === 'upcoming') throw new AppError(409, 'CONFLICT', examMessages.upcoming);
  // Expired within the window: every attempt is used.
  if (status === 'expired' && now < test.endsAt) throw new AppError(409, 'CONFLICT', examMessages.exhausted);
  throw new AppError(409, 'CONFLICT', examMessages.over);
}

/** An attempt's result from its paper and answers (exam-rules' scoring). */
function scorePaper(paper: PaperRows, answers: Awaited<ReturnType<typeof findAnswers>>) {
  const byNo = new Map(answers.map((answer) => [answer.questionNo, answer.answer]));
  const result = scoreAttempt(
    paper.questions.map((question) => ({
      ques_type: question.quesType,
      correct: question.correct,
      marks: question.marks,
      negative_marks: question.negativeMarks,
    })),
    paper.questions.map((question) => byNo.get(question.questionNo)),
  );
  return { score: result.total_score, result: result as unknown as Record<string, unknown> };
}

/** Submits an attempt: dated at its end when automatic, now when the student submits. */
export async function submitScored(
  app: Pick<JobContext, 'db' | 'now' | 'jobs' | 'log'>,
  instituteId: number,
  attemptId: number,
  by: 'student' | 'auto',
) {
  const done = await submitAttempt(
    app.db,
    instituteId,
    attemptId,
    ({ endsAt }) => ({ at: by === 'auto' ? endsAt : app.now(), by }),
    scorePaper,
  );
  // A submission after the result's release marks the ranks stale; the report area ranks in a background job.
  if (done) await markRanksStale(app, instituteId, attemptId);
  return done;
}

async function submitOverdue(app: FastifyInstance, instituteId: number, testId: number, userId: number, now: Date) {
  for (const { id } of await findOverdueAttemptsOf(app.db, instituteId, testId, userId, now)) {
    await submitScored(app, instituteId, id, 'auto');
  }
}

/** The desk's launch of a test: a signed read-only grant for a test to view, else a single-use token to take it. */
export async function launchTest(
  app: FastifyInstance,
  session: { instituteId: number; userId: number; studentId: number | null; isParent: boolean },
  testId: number,
): Promise<{ token: string; mode: 'view' | 'take' }> {
  const { instituteId, userId, studentId, isParent } = session;
  const now = app.now();
  const test = await findTestForUser(app.db, { instituteId, userId, now }, testId);
  if (!test) throw new AppError(404, 'NOT_FOUND', 'Not Found');
  const status = deskStatus(deskCounts(test), now.getTime());
  if (status === 'view') {
    // Read-only: parents may look too.
    const grant = { instituteId, userId, testId: test.id };
    return { token: signViewGrant(app, 'launch', grant, launchTokenSeconds * 1000), mode: 'view' };
  }
  if (isParent) throw new AppError(403, 'FORBIDDEN', examMessages.parents);
  assertTakeable(status, test, now);
  const token = newToken();
  await insertLaunchToken(app.db, {
    tokenHash: hashToken(token),
    instituteId,
    testId: test.id,
    studentId,
    userId,
    expiresAt: new Date(now.getTime() + launchTokenSeconds * 1000),
  });
  return { token, mode: 'take' };
}

/**
 * The panel's exchange of a launch token (valid at the host's institute only) for its credential: a read-only
 * paper's, or an attempt's — the open one resumed (a window opened before stops saving), else a new one.
 */
export async function openLaunch(app: FastifyInstance, hostInstituteId: number | undefined, launchToken: string) {
  const now = app.now();
  // A token of another institute is as unknown here as a made-up one.
  const view = verifyViewGrant(app, 'launch', launchToken);
  if (view) {
    if (view.instituteId !== hostInstituteId) throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
    return {
      attempt_token: signViewGrant(app, 'paper', view, viewCredentialMs),
      test_id: view.testId,
      mode: 'view' as const,
    };
  }
  const grant =
    hostInstituteId === undefined
      ? undefined
      : await consumeLaunchToken(app.db, hostInstituteId, hashToken(launchToken), now);
  if (!grant) {
    throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
  }
  const { instituteId, testId, userId, studentId } = grant;
  await submitOverdue(app, instituteId, testId, userId, now);
  const credential = newToken();
  const credentialHash = hashToken(credential);
  const open = await findOpenAttempt(app.db, instituteId, testId, userId);
  if (open) {
    // Resume: this window takes over the attempt; a window opened before stops saving.
    await setAttemptCredential(app.db, instituteId, open.id, credentialHash, now);
    return { attempt_token: credential, test_id: testId, mode: 'take' as const };
  }
  const test = await findTestForUser(app.db, { instituteId, userId, now }, testId);
  if (!test) throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
  assertTakeable(deskStatus(deskCounts(test), now.getTime()), test, now);
  const started = await insertAttempt(app.db, {
    instituteId,
    testId,
    studentId,
    userId,
    startedAt: now,
    endsAt: new Date(attemptEndsAt(now.getTime(), test.durationMinutes, test.endsAt.getTime() / 1000, test.testTypeId)),
    credentialHash,
    maxAttempts: maxAttempts(test.testTypeId, test.testLimit),
  });
  if (started && !('conflict' in started)) return { attempt_token: credential, test_id: testId, mode: 'take' as const };
  // A parallel start won: join its attempt if it is open, otherwise no attempt is left.
  const winner = await findOpenAttempt(app.db, instituteId, testId, userId);
  if (!winner) throw new AppError(409, 'CONFLICT', examMessages.exhausted);
  await setAttemptCredential(app.db, instituteId, winner.id, credentialHash, now);
  return { attempt_token: credential, test_id: testId, mode: 'take' as const };
}

/**
 * The attempt of the request's credential (read with the credential, in one statement); one left open past its
 * end is submitted first (on this read).
 */
export async function currentAttempt(
  app: FastifyInstance,
  auth: AttemptAuth | null,
): Promise<{ auth: AttemptAuth; attempt: AttemptRow }> {
  if (!auth) throw new AppError(401, 'UNAUTHORIZED', 'Unauthorized');
  const attempt: AttemptRow = {
    id: auth.attemptId,
    testId: auth.testId,
    userId: auth.userId,
    attemptNo: auth.attemptNo,
    startedAt: auth.startedAt,
    endsAt: auth.endsAt,
    submittedAt: auth.submittedAt,
    result: auth.result,
  };
  if (!attempt.submittedAt && isOverdue(attempt.endsAt.getTime(), app.now().getTime())) {
    await submitScored(app, auth.instituteId, attempt.id, 'auto');
    const after = await findAttempt(app.db, auth.instituteId, auth.attemptId);
    if (!after) throw new AppError(401, 'UNAUTHORIZED', 'Unauthorized');
    return { auth, attempt: after };
  }
  return { auth, attempt };
}

/** A result as the panel shows it: without the per-question detail. */
export const summaryOf = (result: unknown): AttemptResultSummary | null => {
  if (!result || typeof result !== 'object') return null;
  const { per_question: _perQuestion, ...summary } = result as AttemptResult;
  return summary;
};

/** Folds the changes of one save per question: the highest seq, each field from the latest change setting it. */
function mergeChanges(changes: AnswerChange[]): MergedChange[] {
  const merged = new Map<number, MergedChange>();
  for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
    const before = merged.get(change.question_no);
    merged.set(change.question_no, {
      questionNo: change.question_no,
      seq: change.seq,
      answer: change.answer ?? before?.answer ?? null,
      markedForReview: change.marked_for_review ?? before?.markedForReview ?? null,
      bookmarked: change.bookmarked ?? before?.bookmarked ?? null,
    });
  }
  return [...merged.values()];
}

const saveAnswer = (
  changes: AnswerChange[],
  merged: MergedChange[],
  applied: Set<number>,
  endsAt: Date,
  now: Date,
) => ({
  saved: changes.map((change) => ({
    question_no: change.question_no,
    seq: change.seq,
    // Written by this save: its question was written and this change was (or folded into) the newest.
    applied: applied.has(change.question_no) && merged.some((each) => each.questionNo === change.question_no),
  })),
  server_time: now.getTime(),
  remaining_seconds: remainingSeconds(endsAt.getTime(), now.getTime()),
});

/**
 * The save in one round trip, for a credential this process has read before (auth.ts): the checks the full path
 * makes on the attempt row, made by the writing statement itself. Answers undefined, having written nothing, when
 * any check fails: the full path then reads the attempt again and answers exactly as it always has.
 */
export async function saveInOneStatement(
  app: FastifyInstance,
  papers: ExamPaperCache,
  auth: AttemptAuth,
  changes: AnswerChange[],
  credentialHash: string,
) {
  const now = app.now();
  // What this process last read of the attempt: a submitted or late one goes the full way (auto-submit, 409).
  if (auth.submittedAt || !acceptsSave(auth.endsAt.getTime(), now.getTime())) return undefined;
  const byNo = await papers.questionsOf(auth.instituteId, auth.testId);
  for (const change of changes) {
    const question = byNo.get(change.question_no);
    if (!question) return undefined;
    if (change.answer !== undefined && !isValidAnswer(question.type, change.answer, question.options)) return undefined;
  }
  const merged = mergeChanges(changes);
  const { endsAt, applied } = await saveAnswersWithCredential(app.db, {
    instituteId: auth.instituteId,
    attemptId: auth.attemptId,
    credentialHash,
    changes: merged,
    now,
  });
  if (!endsAt) return undefined;
  return saveAnswer(changes, merged, applied, endsAt, now);
}

/** The save's full path, on the attempt as just read: refused when closed, late, or a change does not fit. */
export async function saveChanges(
  app: FastifyInstance,
  papers: ExamPaperCache,
  { auth, attempt }: { auth: AttemptAuth; attempt: AttemptRow },
  changes: AnswerChange[],
) {
  const now = app.now();
  if (attempt.submittedAt) throw new AppError(409, 'CONFLICT', examMessages.submitted);
  if (!acceptsSave(attempt.endsAt.getTime(), now.getTime())) throw new AppError(409, 'CONFLICT', examMessages.timeOver);
  const byNo = await papers.questionsOf(auth.instituteId, auth.testId);
  for (const change of changes) {
    const question = byNo.get(change.question_no);
    if (!question) throw new AppError(400, 'BAD_REQUEST', examMessages.noQuestion);
    if (change.answer !== undefined && !isValidAnswer(question.type, change.answer, question.options))
      throw new AppError(400, 'BAD_REQUEST', `${examMessages.badAnswer} (question ${change.question_no})`);
  }
  const merged = mergeChanges(changes);
  const applied = await saveAnswers(app.db, auth.instituteId, attempt.id, merged, now);
  if (applied.size === 0) {
    // Nothing written: every change was older than what is stored, or the attempt closed meanwhile.
    const after = await findAttempt(app.db, auth.instituteId, attempt.id);
    if (after?.submittedAt) throw new AppError(409, 'CONFLICT', examMessages.submitted);
  }
  return saveAnswer(changes, merged, applied, attempt.endsAt, now);
}

/** The student's submission of the attempt as just read; refused when it is (or meanwhile was) submitted. */
export async function submitByStudent(
  app: FastifyInstance,
  { auth, attempt }: { auth: AttemptAuth; attempt: AttemptRow },
) {
  if (attempt.submittedAt) throw new AppError(409, 'CONFLICT', examMessages.submitted);
  const done = await submitScored(app, auth.instituteId, attempt.id, 'student');
  if (!done) throw new AppError(409, 'CONFLICT', examMessages.submitted);
  const test = await findTest(app.db, auth.instituteId, auth.testId);
  return {
    submittedAt: done.submittedAt,
    summary: summaryOf(done.result)!,
    isResultPublished: test!.isResultPublished,
  };
}
