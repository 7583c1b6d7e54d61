import {
  attemptAnswerSchema,
  examContract,
  paperViewAnswerSchema,
  type AttemptAnswer,
  type PaperViewAnswer,
} from '@campus/domain/exam/exam.contract';
import { canRevealAnswerKey } from '@campus/domain/exam/answer-key';
import { remainingSeconds } from '@campus/domain/exam/exam-rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compileAnswerSerializer } from '../../access/answers.ts';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { findAnswerKeyState } from './answer-key.repository.ts';
import { headAnswerEncoding } from '../../lib/kept-head.ts';
import {
  currentAttempt,
  examMessages,
  openLaunch,
  saveChanges,
  saveInOneStatement,
  submitByStudent,
  summaryOf,
} from './exam-attempt.service.ts';
import { paperFields, type ExamPaperCache, type KeptPaper } from './exam-paper-cache.ts';
import { verifyViewGrant } from './exam-view-grant.ts';
import { findAnswers, findLatestAttempt, findTest } from './exam.repository.ts';

// The answers' own fields (the kept paper goes before them), serialised on each request.
const attemptRestSchema = attemptAnswerSchema.omit(paperFields);
const viewRestSchema = paperViewAnswerSchema.omit(paperFields);
const serializeAttemptRest = compileAnswerSerializer(attemptRestSchema);
const serializeViewRest = compileAnswerSerializer(viewRestSchema);

/** The student's answers as the panel shows them. */
const answersOf = (rows: Awaited<ReturnType<typeof findAnswers>>) =>
  rows.map((row) => ({
    question_no: row.questionNo,
    answer: row.answer,
    seq: row.seq,
    marked_for_review: row.markedForReview,
    bookmarked: row.bookmarked,
  }));

/** The kept paper, then `rest` (the request's own fields, serialised as an object), as one JSON answer. */
async function sendWithPaper(request: FastifyRequest, reply: FastifyReply, paper: KeptPaper, rest: string) {
  const tail = Buffer.from(rest.slice(1));
  // HEAD describes the plain answer, as Fastify's HEAD does for every other answer (it measures before encoding).
  const encoding =
    request.method === 'HEAD' ? undefined : headAnswerEncoding(request.headers['accept-encoding'], tail.length);
  reply.header('vary', 'Accept-Encoding');
  reply.type('application/json; charset=utf-8');
  // Already compressed when asked: a Content-Encoding set here keeps @fastify/compress from compressing again.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(await paper.head.answer(tail, encoding)) as never;
}

/** The test panel (our design, documented in OpenAPI): open, the attempt, the read-only paper, save, submit. */
export function examPanelRoutes(app: FastifyInstance, papers: ExamPaperCache) {
  defineRoute(app, examContract.open, async ({ body, request }) =>
    openLaunch(app, await app.instituteIdOfHost(request), body.launch_token),
  );

  defineRoute(app, examContract.attempt, async ({ request, reply }) => {
    const { auth, attempt } = await currentAttempt(app, request.attemptAuth);
    const [test, answers] = await Promise.all([
      findTest(app.db, auth.instituteId, auth.testId),
      findAnswers(app.db, auth.instituteId, attempt.id),
    ]);
    const now = app.now().getTime();
    const paper = await papers.keptPaper(auth.instituteId, test!, now);
    void papers.questionsOf(auth.instituteId, auth.testId, paper.rows);
    const rest: Omit<AttemptAnswer, keyof typeof paperFields> = {
      test_id: test!.id,
      test_name: test!.name,
      test_type_id: test!.testTypeId,
      duration: test!.durationMinutes,
      attempt_no: attempt.attemptNo,
      status: attempt.submittedAt ? 'submitted' : 'open',
      server_time: now,
      started_at: attempt.startedAt.getTime(),
      ends_at: attempt.endsAt.getTime(),
      remaining_seconds: attempt.submittedAt ? 0 : remainingSeconds(attempt.endsAt.getTime(), now),
      answers: answersOf(answers),
      is_result_published: test!.isResultPublished ? 1 : 0,
      result: attempt.submittedAt && test!.isResultPublished ? summaryOf(attempt.result) : null,
    };
    if (app.strictIds) attemptRestSchema.parse(rest);
    return sendWithPaper(request, reply, paper, serializeAttemptRest(rest));
  });

  // ——— The read-only paper (the desk's View): the student's own answers; the key only when the rule allows ———
  defineRoute(app, examContract.paper, async ({ request, reply }) => {
    const header = request.headers.authorization ?? '';
    const grant = header.length <= 300 ? verifyViewGrant(app, 'paper', header.replace(/^Bearer\s+/i, '')) : undefined;
    // Good on its institute's host only, as an attempt credential is.
    if (!grant || grant.instituteId !== (await app.instituteIdOfHost(request))) {
      throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
    }
    const { instituteId, userId, testId } = grant;
    const [test, latest, keyState] = await Promise.all([
      findTest(app.db, instituteId, testId),
      findLatestAttempt(app.db, instituteId, testId, userId),
      findAnswerKeyState(app.db, instituteId, testId, userId),
    ]);
    if (!test) throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
    const now = app.now().getTime();
    const [paper, answers] = await Promise.all([
      papers.keptPaper(instituteId, test, now),
      latest ? findAnswers(app.db, instituteId, latest.id) : [],
    ]);
    // The server decides, on every read: the key leaves only when the test can no longer be taken with its help.
    const showKey = keyState !== undefined && canRevealAnswerKey(keyState, now);
    const rest: Omit<PaperViewAnswer, keyof typeof paperFields> = {
      test_id: test.id,
      test_name: test.name,
      test_type_id: test.testTypeId,
      duration: test.durationMinutes,
      server_time: now,
      answers: answersOf(answers),
      is_key_shown: showKey ? 1 : 0,
      keys: showKey
        ? paper.rows.questions
            .filter((question) => question.correct !== '')
            .map((question) => ({ question_no: question.questionNo, correct_answer: question.correct }))
        : [],
    };
    if (app.strictIds) viewRestSchema.parse(rest);
    return sendWithPaper(request, reply, paper, serializeViewRest(rest));
  });

  defineRoute(
    app,
    examContract.save,
    async ({ request, body }) => {
      const unread = request.attemptUnread;
      if (unread) {
        request.attemptUnread = null;
        const answer = await saveInOneStatement(app, papers, request.attemptAuth!, body.answers, unread.credentialHash);
        if (answer) return answer;
        // Refused or not written: read the attempt afresh and answer as the full path always has.
        const fresh = await unread.read();
        if (!fresh) throw await unread.refusal();
        request.attemptAuth = fresh;
      }
      return saveChanges(app, papers, await currentAttempt(app, request.attemptAuth), body.answers);
    },
    { config: { attemptCheckedByStatement: true } },
  );

  defineRoute(app, examContract.submit, async ({ request }) => {
    const done = await submitByStudent(app, await currentAttempt(app, request.attemptAuth));
    return {
      status: 'submitted' as const,
      submitted_at: done.submittedAt.getTime(),
      unanswered: done.summary.left_ques_count,
      is_result_published: done.isResultPublished ? 1 : 0,
      result: done.isResultPublished ? done.summary : null,
    };
  });
}
