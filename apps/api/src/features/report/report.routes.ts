import { formatInZone } from '@campus/domain/calendar/calendar';
import { canRevealAnswerKey } from '@campus/domain/exam/answer-key';
import { scoreAttempt, type AttemptResult, type Verdict } from '@campus/domain/exam/exam-rules';
import {
  reportContract,
  type OfflineExam,
  type StudentReportAnswer,
  type TestReportAnswer,
} from '@campus/domain/report/report.contract';
import { isUpcomingOffline, offlineExamDate, percentile } from '@campus/domain/report/report-rules';
import { fillPath } from '@campus/domain/shared/endpoint';
import { reportEndpoints } from '@campus/domain/report/report.endpoints';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { sanitiseStaffHtml } from '../../lib/staff-html.ts';
import { mimeForKey } from '../../lib/storage.ts';
import {
  clearBookmark,
  findAnswerKeyState,
  findAttemptAnswers,
  findBookmarkDetail,
  findBookmarks,
  findInstituteName,
  findOfflineExams,
  findRanked,
  findReportPaper,
  findReportTest,
  findUserName,
  findRankState,
  rankStaleTest,
  rankTest,
  type Taker,
} from './report.repository.ts';
import { renderScoreCardPdf, scoreCardHtml } from './score-card-pdf.ts';

/** Messages of the report area: the spec's where it gives one, ours otherwise. */
export const reportMessages = {
  noReport: 'No Report Available',
  bookmarkRemoved: 'Bookmark removed successfully',
  parents: 'Parents can only view reports',
  scoreCardExpired: 'This score card link has expired. Please open it again from Exam Reports.',
} as const;

/** Score card addresses live a day. */
const scoreCardLifetimeMs = 24 * 60 * 60 * 1000;

const verdictCode: Record<Verdict, number> = { right: 1, wrong: 0, partial: 2, left: -1, pending: 3 };
/** While the key is withheld a question is left (the student knows that) or not marked yet: never right or wrong. */
const withheldCode = (verdict: Verdict) => (verdict === 'left' ? verdictCode.left : verdictCode.pending);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Exam reports (spec part 2 §2.4, §7). */
export async function reportRoutes(app: FastifyInstance) {
  // ——— Score card addresses: signed, so a new window can open them without the Authorization header ———
  const signScoreCard = (instituteId: number, userId: number, testId: number) => {
    const payload = `${instituteId}-${userId}-${testId}-${app.now().getTime() + scoreCardLifetimeMs}`;
    return `${payload}.${app.signer.tag(`scorecard:${payload}`)}`;
  };
  const verifyScoreCard = (token: string) => {
    const [payload, tag, extra] = token.split('.');
    if (!payload || !tag || extra !== undefined || app.signer.tag(`scorecard:${payload}`) !== tag) return undefined;
    const [instituteId, userId, testId, expiresAt] = payload.split('-').map(Number);
    if (!instituteId || !userId || !testId || !expiresAt || expiresAt <= app.now().getTime()) return undefined;
    return { instituteId, userId, testId };
  };

  /** The report of a user's ranked attempt at a released test; undefined when there is none to show. */
  async function buildReport(instituteId: number, userId: number, testId: number) {
    // A ranked student reads the last ranks at once, even while later submissions wait for their ranking job
    // (ranking.jobs.ts: their rank and the test's figures then lag by about a second, as the job runs). Both reads go together.
    const [test, lastRanked, keyState] = await Promise.all([
      findReportTest(app.db, instituteId, testId),
      findRanked(app.db, instituteId, testId, userId),
      findAnswerKeyState(app.db, instituteId, testId, userId),
    ]);
    if (!test || !test.isResultPublished) return undefined;
    let ranked = lastRanked;
    if (!ranked) {
      // Except for a student whose submitted attempt is not ranked yet: rank first (waiting for a ranking of the
      // test in progress elsewhere), then read by key. Also a test released without a ranking (set in the database).
      const state = await findRankState(app.db, instituteId, testId, userId);
      if (state?.took && state.stale) await rankStaleTest(app.db, instituteId, testId, app.now(), { wait: true });
      else if (state?.took && !state.ranked) await rankTest(app.db, instituteId, testId, app.now());
      ranked = await findRanked(app.db, instituteId, testId, userId);
    }
    if (!ranked) return undefined;
    const [paper, answers] = await Promise.all([
      findReportPaper(app.db, instituteId, testId),
      findAttemptAnswers(app.db, instituteId, ranked.attempt_id),
    ]);
    const byNo = new Map(answers.map((answer) => [answer.questionNo, answer.answer]));
    const stored = ranked.result as unknown as AttemptResult | null;
    // The stored verdicts; scored again from the paper if an old row lacks them.
    const perQuestion =
      stored?.per_question ??
      scoreAttempt(
        paper.map((q) => ({ ques_type: q.quesType, correct: q.correct, marks: q.marks, negative_marks: 0 })),
        paper.map((q) => byNo.get(q.questionNo)),
      ).per_question;
    const count = (verdict: Verdict) => perQuestion.filter((each) => each.verdict === verdict).length;
    const right = count('right');
    const wrong = count('wrong');
    const left = count('left');
    const totalMarks = paper.reduce((sum, q) => sum + Math.round(q.marks * 100), 0) / 100;
    const students = ranked.students ?? 1;

    const subjects = new Map<string, TestReportAnswer['subject_wise_distribution'][number]>();
    paper.forEach((question, index) => {
      const verdict = perQuestion[index] ?? { verdict: 'left' as const, score: 0 };
      const row = subjects.get(question.subjectName) ?? {
        subject_name: question.subjectName,
        total_score: 0,
        total_attempted_time: 0,
        right_ques_count: 0,
        wrong_ques_count: 0,
        left_ques_count: 0,
        right_ques_marks: 0,
        wrong_ques_marks: 0,
      };
      row.total_score = round2(row.total_score + verdict.score);
      // The panel keeps no clock per question: each question takes an equal share of the attempt's time.
      row.total_attempted_time += ranked.seconds / Math.max(1, paper.length);
      if (verdict.verdict === 'right') {
        row.right_ques_count += 1;
        row.right_ques_marks = round2(row.right_ques_marks + verdict.score);
      } else if (verdict.verdict === 'wrong') {
        row.wrong_ques_count += 1;
        row.wrong_ques_marks = round2(row.wrong_ques_marks + verdict.score);
      } else if (verdict.verdict === 'left') row.left_ques_count += 1;
      subjects.set(question.subjectName, row);
    });

    const topper = ranked.topper_result as unknown as AttemptResult | null;
    // Scores and ranks are released; the key (answers, verdicts and marks per question) only once the test can no
    // longer be taken with its help (exam/answer-key).
    const showKey = keyState !== undefined && canRevealAnswerKey(keyState, app.now().getTime());
    const answer: TestReportAnswer = {
      test_id: test.id,
      test_name: test.name,
      test_type_id: test.testTypeId,
      is_result_published: 1,
      is_download_solution: showKey ? 1 : 0,
      test_report: {
        rank: ranked.rank,
        total_score: Number(ranked.score),
        total_marks: totalMarks,
        total_students: students,
        right_ques_count: right,
        wrong_ques_count: wrong,
        left_ques_count: left,
        total_attempted_time: ranked.seconds,
        percentile: percentile(ranked.rank, students),
        attempted_ques_count: perQuestion.length - left,
      },
      topper_report: {
        marks_obtained: Number(ranked.topper_score ?? 0),
        maximum_marks: totalMarks,
        total_correct_que: topper?.right_ques_count ?? 0,
        total_incorrect_que: topper?.wrong_ques_count ?? 0,
        total_attempted: topper ? topper.per_question.filter((each) => each.verdict !== 'left').length : 0,
        total_time_taken: ranked.topper_seconds ?? 0,
      },
      average_report: {
        marks: Number(ranked.avg_marks ?? 0),
        correct: Number(ranked.avg_correct ?? 0),
        incorrect: Number(ranked.avg_incorrect ?? 0),
        attempted: Number(ranked.avg_attempted ?? 0),
        time_taken: ranked.avg_time_seconds ?? 0,
      },
      subject_wise_distribution: [...subjects.values()].map((row) => ({
        ...row,
        total_attempted_time: Math.round(row.total_attempted_time),
      })),
      question_wise_distribution: paper.map((question, index) => {
        const verdict = perQuestion[index] ?? { verdict: 'left' as const, score: 0 };
        return {
          question_order: question.questionNo,
          is_correct: showKey ? verdictCode[verdict.verdict] : withheldCode(verdict.verdict),
          student_answer: byNo.get(question.questionNo) ?? '',
          correct_answer: showKey ? question.correct : '',
          ques_type: question.quesType,
          total_score: showKey ? verdict.score : 0,
        };
      }),
      score_card_url: '',
      score_card_download_url: '',
    };
    const token = signScoreCard(instituteId, userId, testId);
    answer.score_card_download_url = fillPath(reportEndpoints.scoreCardPdf.path, { token });
    answer.score_card_url = fillPath(reportEndpoints.scoreCard.path, { token });
    return answer;
  }

  defineRoute(app, reportContract.testReport, async ({ scope, params }) => {
    const { instituteId, userId } = scope.session;
    const report = await buildReport(instituteId, userId, params.testId);
    // Unreleased, or not taken: the same refusal, with nothing of the test in it.
    if (!report) throw new AppError(404, 'NOT_FOUND', reportMessages.noReport);
    return report;
  });

  // ——— Offline results (spec part 2 §7 reports/Student) ———
  defineRoute(app, reportContract.student, async ({ scope }) => {
    const { instituteId } = scope.session;
    const [rows, timeZone] = await Promise.all([
      scope.batchIds().then((ids) => findOfflineExams(app.db, instituteId, ids, scope.studentId)),
      scope.timeZone(),
    ]);
    const today = formatInZone(app.now(), timeZone).date.split('-').reverse().join('-');
    const exams = new Map<number, OfflineExam & { batch: string }>();
    for (const row of rows) {
      let exam = exams.get(row.id);
      if (!exam) {
        const subjects = row.subjects;
        exam = {
          batch: row.batchName,
          exam_id: row.id,
          exam_date: offlineExamDate(row.examDate),
          exam_date_iso: row.examDate,
          start_time: row.startTime,
          end_time: row.endTime,
          attendance_status: '',
          courseLevelMarksObtain: null,
          courseLevelTotalMarks: subjects.reduce((sum, s) => sum + s.totalMarks, 0),
          courseLevelRank: null,
          isAbsent: 'N',
          subjectWiseExamSchdList: subjects.map((s) => ({
            subject_name: s.name,
            marks_obtained: null,
            total_marks: s.totalMarks,
            rank: null,
          })),
          subject_name: subjects.map((s) => s.name).join(', '),
          topic_name: row.topicName,
          examDesc: row.description,
          course_Name: row.batchName,
        };
        exams.set(row.id, exam);
      }
      if (row.subjectName !== null) {
        const subject = exam.subjectWiseExamSchdList.find((s) => s.subject_name === row.subjectName);
        if (subject) {
          subject.marks_obtained = row.marksObtained;
          subject.rank = row.rank;
        }
        // Present in any subject is present; absent only when absent in every one recorded.
        if (row.attendance === 'P' || exam.attendance_status === '') exam.attendance_status = row.attendance ?? '';
        if (exam.attendance_status === 'P') exam.isAbsent = 'N';
        else exam.isAbsent = 'Y';
      }
    }
    const past = new Map<string, OfflineExam[]>();
    const future: OfflineExam[] = [];
    for (const { batch, ...exam } of exams.values()) {
      const marks = exam.subjectWiseExamSchdList
        .map((s) => s.marks_obtained)
        .filter((value): value is number => value !== null);
      exam.courseLevelMarksObtain = marks.length > 0 ? round2(marks.reduce((a, b) => a + b, 0)) : null;
      if (exam.subjectWiseExamSchdList.length === 1) exam.courseLevelRank = exam.subjectWiseExamSchdList[0]!.rank;
      if (isUpcomingOffline(exam.exam_date_iso, today) && exam.attendance_status === '') future.push(exam);
      else past.set(batch, [...(past.get(batch) ?? []), exam]);
    }
    const answer: StudentReportAnswer = {
      pastCourseExamSchdJson: [...past.entries()].map(([course, list]) => ({
        course_Name: course,
        pastCourseExamList: list.reverse(),
      })),
      batchExamSchdJsons: { futureCourseExamSchdJson: [{ futureCourseExamList: future }] },
      show_exam_rank: true,
    };
    return answer;
  });

  // ——— Bookmarked questions ———
  const takerOf = (session: { userId: number; studentId: number | null }): Taker => ({
    userId: session.userId,
    studentId: session.studentId,
  });
  const stamp = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

  defineRoute(app, reportContract.bookmarks, async ({ scope }) => {
    const rows = await findBookmarks(app.db, scope.session.instituteId, takerOf(scope.session));
    return {
      data: rows.map((row) => ({
        ques_id: Number(row.ques_id),
        question: sanitiseStaffHtml(row.question),
        ques_type: Number(row.ques_type),
        test_id: Number(row.test_id),
        test_name: row.test_name,
        is_result_published: row.is_result_published ? 1 : 0,
        date_time: stamp(row.date_time),
      })),
    };
  });

  defineRoute(app, reportContract.bookmark, async ({ scope, params }) => {
    const { instituteId } = scope.session;
    const row = await findBookmarkDetail(app.db, instituteId, takerOf(scope.session), params.questionId);
    // Nothing before the result is released; the key and the solution only once the test can no longer be taken
    // (the question and the student's own answer before that).
    if (!row || !row.isResultPublished) throw new AppError(404, 'NOT_FOUND', reportMessages.noReport);
    const keyState = await findAnswerKeyState(app.db, instituteId, row.testId, scope.session.userId);
    const showKey = keyState !== undefined && canRevealAnswerKey(keyState, app.now().getTime());
    const key = showKey ? row.correct : '';
    const solution = showKey ? sanitiseStaffHtml(row.solution) : '';
    const expiresAt = app.now().getTime() + 6 * 60 * 60 * 1000;
    const letters = key === '' ? [] : key.split(/[,|]/).map((part) => part.trim().toLowerCase());
    // Staff HTML leaves only through the sanitiser, whatever wrote the row.
    const question = sanitiseStaffHtml(row.question);
    const passage = sanitiseStaffHtml(row.passage ?? '');
    return {
      data: {
        ques_id: row.id,
        question,
        question_mathjax: question,
        ques_type: row.quesType,
        test_id: row.testId,
        test_name: row.testName,
        is_result_published: 1,
        date_time: stamp(row.savedAt),
        description: passage,
        description_mathjax: passage,
        options: [...row.options, ...row.matchOptions].map((option) => ({
          answer_option: option.letter,
          is_correct: letters.includes(option.letter) || letters.some((l) => l.endsWith(`=${option.letter}`)) ? 1 : 0,
          answer_choice_option: sanitiseStaffHtml(option.text),
        })),
        correct_ans: key,
        attempt_answer: row.answer,
        feedback: solution,
        feedback_mathjax: solution,
        alies_feedback: '',
        answer: key,
        is_multi_lingual: 0,
        media_data:
          row.mediaType && row.mediaFileKey
            ? [
                {
                  media_type: row.mediaType,
                  source_path: fileUrl(app.signer, {
                    instituteId,
                    key: row.mediaFileKey,
                    name: `question-${row.questionNo}`,
                    type: mimeForKey(row.mediaFileKey),
                    disposition: 'inline',
                    expiresAt,
                  }),
                },
              ]
            : [],
      },
    };
  });

  defineRoute(app, reportContract.deleteBookmark, async ({ scope, body }) => {
    if (scope.session.isParent) throw new AppError(403, 'FORBIDDEN', reportMessages.parents);
    // Idempotent: removing a bookmark already removed answers the same success.
    await clearBookmark(app.db, scope.session.instituteId, takerOf(scope.session), body.question_id);
    return { validate: 1, message: reportMessages.bookmarkRemoved };
  });

  // ——— The score card page and its PDF ———
  async function scoreCardOf(token: string, hostInstituteId: number | undefined) {
    const grant = verifyScoreCard(token);
    if (!grant || grant.instituteId !== hostInstituteId) {
      throw new AppError(403, 'FORBIDDEN', reportMessages.scoreCardExpired);
    }
    const report = await buildReport(grant.instituteId, grant.userId, grant.testId);
    if (!report) throw new AppError(404, 'NOT_FOUND', reportMessages.noReport);
    const [instituteName, studentName] = await Promise.all([
      findInstituteName(app.db, grant.instituteId),
      findUserName(app.db, grant.instituteId, grant.userId),
    ]);
    return { instituteName, studentName, report, issuedAt: app.now() };
  }

  defineRoute(app, reportContract.scoreCard, async ({ params, request, reply }) => {
    const content = await scoreCardOf(params.token, await app.instituteIdOfHost(request));
    // Relative to the page (…/scorecard/{token}): the same host and base, whatever the API's address.
    const pdfPath = `${encodeURIComponent(params.token)}/1`;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(scoreCardHtml(content, pdfPath));
  });

  defineRoute(app, reportContract.scoreCardPdf, async ({ params, request, reply }) => {
    const content = await scoreCardOf(params.token, await app.instituteIdOfHost(request));
    const pdf = await renderScoreCardPdf(content);
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="score-card-${content.report.test_id}.pdf"`)
      .send(pdf);
  });
}
