import { formatInZone } from '@campus/domain/calendar/calendar';
import {
  attemptAnswerSchema,
  examContract,
  paperViewAnswerSchema,
  type AnswerChange,
  type AttemptAnswer,
  type AttemptResultSummary,
  type ExamTest,
  type PaperQuestion,
  type PaperViewAnswer,
} from '@campus/domain/exam/exam.contract';
import { canRevealAnswerKey } from '@campus/domain/exam/answer-key';
import { deskStatus, takeableStatuses, type DeskStatus } from '@campus/domain/exam/desk-status';
import {
  acceptsSave,
  attemptEndsAt,
  isOverdue,
  isValidAnswer,
  launchTokenSeconds,
  maxAttempts,
  placeholderLabels,
  remainingSeconds,
  scoreAttempt,
  testTypes,
  type AttemptResult,
} from '@campus/domain/exam/exam-rules';
import { testPanelPage, testPaperPage } from '@campus/domain/shell/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compileAnswerSerializer } from '../../access/answers.ts';
import { defineRoute } from '../../access/define-route.ts';
import type { RequestScope } from '../../access/scope.ts';
import { AppError } from '../../errors.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { sanitiseLetteredHtml, sanitiseStaffHtml } from '../../lib/staff-html.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { headAnswerEncoding, keptHead, type KeptHead } from '../../lib/kept-head.ts';
import type { AttemptAuth } from '../../types.d.ts';
import { markRanksStale } from '../report/index.ts';
import { findAnswerKeyState } from './answer-key.repository.ts';
import {
  consumeLaunchToken,
  findAnswers,
  findAttempt,
  findLabels,
  findLatestAttempt,
  findOpenAttempt,
  findOverdueAttempts,
  findOverdueAttemptsOf,
  findPaper,
  findProductTestIds,
  findTest,
  findTestForUser,
  findTestsByIds,
  findTestsOfLabel,
  findUnlabelledTests,
  findUnlabelledTypes,
  insertAttempt,
  insertLaunchToken,
  saveAnswers,
  saveAnswersWithCredential,
  setAttemptCredential,
  submitAttempt,
  type AttemptRow,
  type MergedChange,
  type PaperRows,
  type TestRow,
} from './exam.repository.ts';

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

/**
 * The types whose unlabelled tests each placeholder label lists: practice tests have no placeholder of their own
 * (spec part 2 §3), so an unlabelled one is listed under Mock Test, beside the mock tests, rather than lost.
 */
const placeholderTypes: Record<'MockP' | 'OnlineP', number[]> = {
  MockP: [testTypes.mock, testTypes.practice],
  OnlineP: [testTypes.online],
};

/** Signed media addresses live as long as a long test. */
const mediaUrlLifetimeMs = 6 * 60 * 60 * 1000;
/** How many tests' papers are kept serialised and compressed (a 100-question paper: ~60 KB raw, a few KB br). */
const keptPaperCount = 64;
const hourMs = 60 * 60 * 1000;

// The panel's answers (attempt, view) are the paper, the same for everyone taking the test, then the request's own
// fields: the paper is serialised and compressed once per change (kept-head.ts), the rest on each request.
const paperFields = { sections: true, passages: true, questions: true } as const;
const paperPartSchema = attemptAnswerSchema.pick(paperFields);
const attemptRestSchema = attemptAnswerSchema.omit(paperFields);
const viewRestSchema = paperViewAnswerSchema.omit(paperFields);
const serializePaperPart = compileAnswerSerializer(paperPartSchema);
const serializeAttemptRest = compileAnswerSerializer(attemptRestSchema);
const serializeViewRest = compileAnswerSerializer(viewRestSchema);

/** How often the sweep submits attempts left open past their end. */
const sweepEveryMs = 30_000;

const number = (value: string | number | null) => (value === null ? null : Number(value));

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
async function submitOne(app: FastifyInstance, instituteId: number, attemptId: number, by: 'student' | 'auto') {
  const done = await submitAttempt(
    app.db,
    instituteId,
    attemptId,
    ({ endsAt }) => ({ at: by === 'auto' ? endsAt : app.now(), by }),
    scorePaper,
  );
  // A submission after the result's release marks the ranks stale; the report area ranks in the background.
  if (done) await markRanksStale(app.db, instituteId, attemptId, app.now());
  return done;
}

/**
 * The sweep: submits (at their end) up to `limit` attempts left open past their end plus the grace, which no one
 * reads again. The routes run it every 30 s; answers how many it submitted.
 */
export async function sweepOverdueAttempts(app: FastifyInstance, limit = 200): Promise<number> {
  let submitted = 0;
  for (const { instituteId, id } of await findOverdueAttempts(app.db, app.now(), limit)) {
    if (await submitOne(app, instituteId, id, 'auto')) submitted += 1;
  }
  return submitted;
}

/** The exam desk (spec part 2 §2.3, §7) and the test panel (our design, documented in OpenAPI). */
export async function examRoutes(app: FastifyInstance) {
  // ——— Desk ———

  function toExamTest(row: TestRow, instituteId: number, timeZone: string, now: Date): ExamTest {
    const start = formatInZone(row.startsAt, timeZone);
    const end = formatInZone(row.endsAt, timeZone);
    const yearFirst = (date: string) => date.split('-').reverse().join('-');
    const counts = {
      test_type_id: row.testTypeId,
      start_timestamp: Math.floor(row.startsAt.getTime() / 1000),
      end_timestamp: Math.floor(row.endsAt.getTime() / 1000),
      total_attempts: row.submitted,
      incomplete_attempts: row.running,
      test_limit: row.testTypeId === testTypes.practice ? row.testLimit : 1,
      is_submitted: row.submitted > 0 ? 1 : 0,
    };
    return {
      ...counts,
      test_name: row.name,
      test_id: row.id,
      start_date: start.date,
      end_date: end.date,
      test_start_date: `${yearFirst(start.date)} ${start.time}`,
      test_end_date: `${yearFirst(end.date)} ${end.time}`,
      duration: row.durationMinutes,
      is_result_published: row.isResultPublished ? 1 : 0,
      title: row.title,
      status: deskStatus(counts, now.getTime()),
      test_institute_id: instituteId,
      total_score: row.isResultPublished ? number(row.bestScore) : null,
      total_marks: Number(row.totalMarks),
    };
  }

  async function listOf(scope: RequestScope, rows: Promise<TestRow[]>) {
    const { instituteId } = scope.session;
    const [found, timeZone] = await Promise.all([rows, scope.timeZone()]);
    const now = app.now();
    return { data: found.map((row) => toExamTest(row, instituteId, timeZone, now)) };
  }

  const batchIdsOf = (scope: RequestScope) =>
    scope.session.studentId === null ? Promise.resolve([]) : scope.batchIds();

  defineRoute(app, examContract.labels, async ({ scope }) => {
    const { instituteId } = scope.session;
    const [rows, unlabelledTypes] = await Promise.all([
      findLabels(app.db, instituteId),
      batchIdsOf(scope).then((batchIds) => findUnlabelledTypes(app.db, instituteId, batchIds)),
    ]);
    const labels = rows.map((row) => ({
      label_id: row.id as number | string,
      label_name: row.name,
      test_type_id: row.testTypeId,
      title: row.title,
    }));
    // A test set for the student must be reachable: the placeholder that lists unlabelled tests is sent whenever
    // there are some, even when the institute has a label of that type (where the web would add none, §4).
    for (const placeholder of placeholderLabels) {
      const types = placeholderTypes[placeholder.label_id];
      if (types.some((type) => unlabelledTypes.includes(type))) labels.push({ ...placeholder });
    }
    return { data: labels };
  });

  defineRoute(app, examContract.labelTests, async ({ scope, params }) => {
    const { instituteId, userId } = scope.session;
    const list = { instituteId, userId, now: app.now() };
    const batchIds = await batchIdsOf(scope);
    const { labelId } = params;
    if (labelId === 'MockP' || labelId === 'OnlineP') {
      return listOf(scope, findUnlabelledTests(app.db, list, placeholderTypes[labelId], batchIds));
    }
    return listOf(scope, findTestsOfLabel(app.db, list, labelId, batchIds));
  });

  defineRoute(app, examContract.productTestIds, async ({ scope, params }) => {
    const { instituteId, userId } = scope.session;
    const type = params.itemType === 'Mock_Test' ? testTypes.mock : testTypes.online;
    const rows = await findProductTestIds(app.db, instituteId, userId, type);
    return {
      statusCode: 200,
      message: 'OK',
      result: rows.map((row) => ({ test_id: row.testId, test_institute_id: row.instituteId })),
    };
  });

  defineRoute(app, examContract.testsById, async ({ scope, body }) => {
    const { instituteId, userId } = scope.session;
    return listOf(scope, findTestsByIds(app.db, { instituteId, userId, now: app.now() }, body.test_ids));
  });

  defineRoute(app, examContract.time, async () => {
    const now = app.now().getTime();
    return { time: now, timestamp: Math.floor(now / 1000) };
  });

  // ——— Launch: the desk asks for a single-use token, the new window exchanges it ———

  /** Refuses a start when the test's status on the server is not one that may be taken. */
  function assertTakeable(status: DeskStatus, test: TestRow, now: Date) {
    if (takeableStatuses.includes(status)) return;
    if (status === 'upcoming') throw new AppError(409, 'CONFLICT', examMessages.upcoming);
    // Expired within the window: every attempt is used.
    if (status === 'expired' && now < test.endsAt) throw new AppError(409, 'CONFLICT', examMessages.exhausted);
    throw new AppError(409, 'CONFLICT', examMessages.over);
  }

  // ——— The read-only paper's grants: signed (no row), for one test and one user of one institute ———
  type ViewGrant = { instituteId: number; userId: number; testId: number };
  const signView = (purpose: 'launch' | 'paper', grant: ViewGrant, lifetimeMs: number) => {
    const payload = `${grant.instituteId}-${grant.userId}-${grant.testId}-${app.now().getTime() + lifetimeMs}`;
    return `view.${payload}.${app.signer.tag(`exam-view-${purpose}:${payload}`)}`;
  };
  const verifyView = (purpose: 'launch' | 'paper', token: string): ViewGrant | undefined => {
    const [kind, payload, tag, extra] = token.split('.');
    if (kind !== 'view' || !payload || !tag || extra !== undefined) return undefined;
    if (app.signer.tag(`exam-view-${purpose}:${payload}`) !== tag) return undefined;
    const [instituteId, userId, testId, expiresAt] = payload.split('-').map(Number);
    if (!instituteId || !userId || !testId || !expiresAt || expiresAt <= app.now().getTime()) return undefined;
    return { instituteId, userId, testId };
  };

  defineRoute(app, examContract.launch, async ({ scope, body }) => {
    const { instituteId, userId, studentId, isParent } = scope.session;
    const now = app.now();
    const test = await findTestForUser(app.db, { instituteId, userId, now }, body.test_id);
    if (!test) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    const [shown] = (await listOf(scope, Promise.resolve([test]))).data;
    if (shown!.status === 'view') {
      // Read-only: parents may look too.
      const token = signView('launch', { instituteId, userId, testId: test.id }, launchTokenSeconds * 1000);
      return {
        launch_token: token,
        expires_in: launchTokenSeconds,
        panel_path: `/my-account${testPaperPage}#${token}`,
      };
    }
    if (isParent) throw new AppError(403, 'FORBIDDEN', examMessages.parents);
    assertTakeable(shown!.status, test, now);
    const token = newToken();
    await insertLaunchToken(app.db, {
      tokenHash: hashToken(token),
      instituteId,
      testId: test.id,
      studentId,
      userId,
      expiresAt: new Date(now.getTime() + launchTokenSeconds * 1000),
    });
    return {
      launch_token: token,
      expires_in: launchTokenSeconds,
      panel_path: `/my-account${testPanelPage}#${token}`,
    };
  });

  defineRoute(app, examContract.open, async ({ body, request }) => {
    const now = app.now();
    // A token of another institute is as unknown here as a made-up one.
    const hostInstituteId = await app.instituteIdOfHost(request);
    const view = verifyView('launch', body.launch_token);
    if (view) {
      if (view.instituteId !== hostInstituteId) throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
      return { attempt_token: signView('paper', view, viewCredentialMs), test_id: view.testId, mode: 'view' as const };
    }
    const grant =
      hostInstituteId === undefined
        ? undefined
        : await consumeLaunchToken(app.db, hostInstituteId, hashToken(body.launch_token), now);
    if (!grant) {
      throw new AppError(401, 'UNAUTHORIZED', examMessages.badLaunch);
    }
    const { instituteId, testId, userId, studentId } = grant;
    await submitOverdue(instituteId, testId, userId, now);
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
    const timeZone = (await app.instituteSettings.get(instituteId)).timeZone;
    assertTakeable(toExamTest(test, instituteId, timeZone, now).status, test, now);
    const started = await insertAttempt(app.db, {
      instituteId,
      testId,
      studentId,
      userId,
      startedAt: now,
      endsAt: new Date(
        attemptEndsAt(now.getTime(), test.durationMinutes, test.endsAt.getTime() / 1000, test.testTypeId),
      ),
      credentialHash,
      maxAttempts: maxAttempts(test.testTypeId, test.testLimit),
    });
    if (started && !('conflict' in started))
      return { attempt_token: credential, test_id: testId, mode: 'take' as const };
    // A parallel start won: join its attempt if it is open, otherwise no attempt is left.
    const winner = await findOpenAttempt(app.db, instituteId, testId, userId);
    if (!winner) throw new AppError(409, 'CONFLICT', examMessages.exhausted);
    await setAttemptCredential(app.db, instituteId, winner.id, credentialHash, now);
    return { attempt_token: credential, test_id: testId, mode: 'take' as const };
  });

  // ——— The attempt ———

  const submit = (instituteId: number, attemptId: number, by: 'student' | 'auto') =>
    submitOne(app, instituteId, attemptId, by);

  async function submitOverdue(instituteId: number, testId: number, userId: number, now: Date) {
    for (const { id } of await findOverdueAttemptsOf(app.db, instituteId, testId, userId, now)) {
      await submit(instituteId, id, 'auto');
    }
  }

  /**
   * The attempt of the request's credential (read with the credential, in one statement); one left open past its
   * end is submitted first (on this read).
   */
  async function currentAttempt(request: FastifyRequest): Promise<{ auth: AttemptAuth; attempt: AttemptRow }> {
    const auth = request.attemptAuth;
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
      await submit(auth.instituteId, attempt.id, 'auto');
      const after = await findAttempt(app.db, auth.instituteId, auth.attemptId);
      if (!after) throw new AppError(401, 'UNAUTHORIZED', 'Unauthorized');
      return { auth, attempt: after };
    }
    return { auth, attempt };
  }

  /**
   * Each test's question types and option counts, for checking saves: a paper does not change while it is taken,
   * so it is read once a minute at most rather than on every save.
   */
  const questionIndex = new Map<
    string,
    { until: number; byNo: Promise<Map<number, { type: number; options: number }>> }
  >();
  const indexOfPaper = ({ questions }: PaperRows) =>
    new Map(
      questions.map((question) => [question.questionNo, { type: question.quesType, options: question.options.length }]),
    );
  /** `paper`: one just read (the panel opening), kept so the saves that follow need not read it again. */
  function questionsOf(instituteId: number, testId: number, paper?: PaperRows) {
    const key = `${instituteId}:${testId}`;
    const hit = questionIndex.get(key);
    if (hit && hit.until > Date.now()) return hit.byNo;
    const byNo = paper
      ? Promise.resolve(indexOfPaper(paper))
      : findPaper(app.db, instituteId, testId).then(indexOfPaper);
    byNo.catch(() => questionIndex.delete(key));
    if (questionIndex.size > 10_000) questionIndex.clear();
    questionIndex.set(key, { until: Date.now() + 60_000, byNo });
    return byNo;
  }

  const summaryOf = (result: unknown): AttemptResultSummary | null => {
    if (!result || typeof result !== 'object') return null;
    const { per_question: _perQuestion, ...summary } = result as AttemptResult;
    return summary;
  };

  /** The paper's questions as they leave the server: sanitised, media signed; never the key or the solution. */
  function paperQuestions(paper: PaperRows, instituteId: number, expiresAt: number): PaperQuestion[] {
    return paper.questions.map((question) => ({
      question_no: question.questionNo,
      section_id: question.sectionId,
      passage_id: question.passageId,
      ques_type: question.quesType,
      question: sanitiseStaffHtml(question.question),
      marks: question.marks,
      negative_marks: question.negativeMarks,
      media:
        question.mediaType && question.mediaFileKey
          ? {
              media_type: question.mediaType as 'image' | 'audio' | 'video',
              source_path: fileUrl(app.signer, {
                instituteId,
                key: question.mediaFileKey,
                name: `question-${question.questionNo}`,
                type: mimeForKey(question.mediaFileKey),
                disposition: 'inline',
                expiresAt,
              }),
            }
          : null,
      options: sanitiseLetteredHtml(question.options),
      match_options: sanitiseLetteredHtml(question.matchOptions),
    }));
  }

  /** A paper as kept: its rows (for the key and the save checks) and its part of the answer, raw and compressed. */
  interface KeptPaper {
    version: number;
    hour: number;
    hasMedia: boolean;
    rows: PaperRows;
    head: KeptHead;
  }
  const keptPapers = new Map<string, KeptPaper>();
  // Papers being built, so that a class opening the panel together builds a changed paper once.
  const buildingPapers = new Map<string, Promise<KeptPaper>>();
  /**
   * The test's paper as kept while its version (read with the test, before the paper: a paper read after a change
   * is never kept under the version before it) is unchanged. Its signed media addresses expire 6 to 7 hours after a
   * request: a paper with media is built again each hour.
   */
  function keptPaper(instituteId: number, test: { id: number; paperVersion: number }, now: number) {
    const key = `${instituteId}:${test.id}`;
    const hour = Math.floor(now / hourMs);
    const known = keptPapers.get(key);
    if (known && known.version === test.paperVersion && (!known.hasMedia || known.hour === hour)) {
      // The most recently asked papers are kept longest.
      keptPapers.delete(key);
      keptPapers.set(key, known);
      return Promise.resolve(known);
    }
    const flight = `${key}:${test.paperVersion}:${hour}`;
    let building = buildingPapers.get(flight);
    if (!building) {
      building = (async () => {
        const rows = await findPaper(app.db, instituteId, test.id);
        const part = {
          sections: rows.sections.map((section) => ({ section_id: section.id, name: section.name })),
          // Staff HTML leaves only through the sanitiser, whatever wrote the row.
          passages: rows.passages.map((passage) => ({ passage_id: passage.id, text: sanitiseStaffHtml(passage.text) })),
          // The key, the solution and the stored file keys stay here.
          questions: paperQuestions(rows, instituteId, (hour + 1) * hourMs + mediaUrlLifetimeMs),
        };
        // The bytes leave without the serializer compiler's check in tests (answers.ts): the same check here.
        if (app.strictIds) paperPartSchema.parse(part);
        // '{"sections":…,"questions":[…]}' opens the answer: its closing brace becomes the comma before the rest.
        const json = serializePaperPart(part);
        const entry: KeptPaper = {
          version: test.paperVersion,
          hour,
          hasMedia: rows.questions.some((question) => question.mediaType && question.mediaFileKey),
          rows,
          head: keptHead(Buffer.from(`${json.slice(0, -1)},`)),
        };
        keptPapers.delete(key);
        keptPapers.set(key, entry);
        if (keptPapers.size > keptPaperCount) keptPapers.delete(keptPapers.keys().next().value!);
        return entry;
      })().finally(() => buildingPapers.delete(flight));
      buildingPapers.set(flight, building);
    }
    return building;
  }

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

  defineRoute(app, examContract.attempt, async ({ request, reply }) => {
    const { auth, attempt } = await currentAttempt(request);
    const [test, answers] = await Promise.all([
      findTest(app.db, auth.instituteId, auth.testId),
      findAnswers(app.db, auth.instituteId, attempt.id),
    ]);
    const now = app.now().getTime();
    const paper = await keptPaper(auth.instituteId, test!, now);
    void questionsOf(auth.instituteId, auth.testId, paper.rows);
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
      answers: answers.map((row) => ({
        question_no: row.questionNo,
        answer: row.answer,
        seq: row.seq,
        marked_for_review: row.markedForReview,
        bookmarked: row.bookmarked,
      })),
      is_result_published: test!.isResultPublished ? 1 : 0,
      result: attempt.submittedAt && test!.isResultPublished ? summaryOf(attempt.result) : null,
    };
    if (app.strictIds) attemptRestSchema.parse(rest);
    return sendWithPaper(request, reply, paper, serializeAttemptRest(rest));
  });

  // ——— The read-only paper (the desk's View): the student's own answers; the key only when the rule allows ———
  defineRoute(app, examContract.paper, async ({ request, reply }) => {
    const header = request.headers.authorization ?? '';
    const grant = header.length <= 300 ? verifyView('paper', header.replace(/^Bearer\s+/i, '')) : undefined;
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
      keptPaper(instituteId, test, now),
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
      answers: answers.map((row) => ({
        question_no: row.questionNo,
        answer: row.answer,
        seq: row.seq,
        marked_for_review: row.markedForReview,
        bookmarked: row.bookmarked,
      })),
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

  /** Folds the changes of one save per question: the highest seq, each field from the latest change setting it. */
  function merge(changes: AnswerChange[]): MergedChange[] {
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

  /**
   * The save in one round trip, for a credential this process has read before (auth.ts): the checks the full path
   * makes on the attempt row, made by the writing statement itself. Answers undefined, having written nothing, when
   * any check fails: the full path then reads the attempt again and answers exactly as it always has.
   */
  async function saveInOneStatement(request: FastifyRequest, changes: AnswerChange[], credentialHash: string) {
    const auth = request.attemptAuth!;
    const now = app.now();
    // What this process last read of the attempt: a submitted or late one goes the full way (auto-submit, 409).
    if (auth.submittedAt || !acceptsSave(auth.endsAt.getTime(), now.getTime())) return undefined;
    const byNo = await questionsOf(auth.instituteId, auth.testId);
    for (const change of changes) {
      const question = byNo.get(change.question_no);
      if (!question) return undefined;
      if (change.answer !== undefined && !isValidAnswer(question.type, change.answer, question.options))
        return undefined;
    }
    const merged = merge(changes);
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

  defineRoute(
    app,
    examContract.save,
    async ({ request, body }) => {
      const unread = request.attemptUnread;
      if (unread) {
        request.attemptUnread = null;
        const answer = await saveInOneStatement(request, body.answers, unread.credentialHash);
        if (answer) return answer;
        // Refused or not written: read the attempt afresh and answer as the full path always has.
        const fresh = await unread.read();
        if (!fresh) throw await unread.refusal();
        request.attemptAuth = fresh;
      }
      const { auth, attempt } = await currentAttempt(request);
      const now = app.now();
      if (attempt.submittedAt) throw new AppError(409, 'CONFLICT', examMessages.submitted);
      if (!acceptsSave(attempt.endsAt.getTime(), now.getTime()))
        throw new AppError(409, 'CONFLICT', examMessages.timeOver);
      const byNo = await questionsOf(auth.instituteId, auth.testId);
      for (const change of body.answers) {
        const question = byNo.get(change.question_no);
        if (!question) throw new AppError(400, 'BAD_REQUEST', examMessages.noQuestion);
        if (change.answer !== undefined && !isValidAnswer(question.type, change.answer, question.options))
          throw new AppError(400, 'BAD_REQUEST', `${examMessages.badAnswer} (question ${change.question_no})`);
      }
      const merged = merge(body.answers);
      const applied = await saveAnswers(app.db, auth.instituteId, attempt.id, merged, now);
      if (applied.size === 0) {
        // Nothing written: every change was older than what is stored, or the attempt closed meanwhile.
        const after = await findAttempt(app.db, auth.instituteId, attempt.id);
        if (after?.submittedAt) throw new AppError(409, 'CONFLICT', examMessages.submitted);
      }
      return saveAnswer(body.answers, merged, applied, attempt.endsAt, now);
    },
    { config: { attemptCheckedByStatement: true } },
  );

  defineRoute(app, examContract.submit, async ({ request }) => {
    const { auth, attempt } = await currentAttempt(request);
    if (attempt.submittedAt) throw new AppError(409, 'CONFLICT', examMessages.submitted);
    const done = await submit(auth.instituteId, attempt.id, 'student');
    if (!done) throw new AppError(409, 'CONFLICT', examMessages.submitted);
    const test = await findTest(app.db, auth.instituteId, auth.testId);
    const summary = summaryOf(done.result)!;
    return {
      status: 'submitted' as const,
      submitted_at: done.submittedAt.getTime(),
      unanswered: summary.left_ques_count,
      is_result_published: test!.isResultPublished ? 1 : 0,
      result: test!.isResultPublished ? summary : null,
    };
  });

  // ——— The sweep: attempts left open are submitted at their end even if no one reads them again ———
  {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void (async () => {
        try {
          await sweepOverdueAttempts(app);
        } catch (error) {
          app.log.warn({ err: error }, 'exam sweep failed');
        } finally {
          running = false;
        }
      })();
    }, sweepEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
