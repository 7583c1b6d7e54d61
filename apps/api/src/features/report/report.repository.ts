import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/prepared.ts';
import { rankStaleTest, rankStaleTests, rankTest, takenBy, type Taker } from './ranking.repository.ts';

export { rankStaleTest, rankStaleTests, rankTest, type Taker };
import { batches, subjects } from '../../db/schema/academics.ts';
import {
  examAnswers,
  examAttempts,
  examPassages,
  examQuestions,
  examSections,
  examTests,
} from '../../db/schema/exam.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { reportOfflineExams, reportOfflineMarks } from '../../db/schema/report.ts';
import { users } from '../../db/schema/users.ts';

/** The test's name, type and release. */
export async function findReportTest(db: Db, instituteId: number, testId: number) {
  const [row] = await db
    .select({
      id: examTests.id,
      name: examTests.name,
      testTypeId: examTests.testTypeId,
      isResultPublished: examTests.isResultPublished,
    })
    .from(examTests)
    .where(and(eq(examTests.instituteId, instituteId), eq(examTests.id, testId)));
  return row;
}

export interface RankedRow {
  rank: number;
  score: string;
  students: number | null;
  avg_marks: string | null;
  avg_correct: string | null;
  avg_incorrect: string | null;
  avg_attempted: string | null;
  avg_time_seconds: number | null;
  attempt_id: number;
  result: Record<string, unknown> | null;
  seconds: number;
  topper_score: string | null;
  topper_result: Record<string, unknown> | null;
  topper_seconds: number | null;
  ranked: boolean;
}

/** The user's ranked row with the test's figures and the topper's attempt: key lookups only. */
export async function findRanked(db: Db, instituteId: number, testId: number, userId: number) {
  const rows = await sqlRows<RankedRow>(
    db,
    'report_ranked',
    `select r.rank, r.score, s.students, s.avg_marks, s.avg_correct, s.avg_incorrect, s.avg_attempted,
        s.avg_time_seconds, r.attempt_id, a.result,
        extract(epoch from a.submitted_at - a.started_at)::int as seconds,
        t.score as topper_score, t.result as topper_result,
        extract(epoch from t.submitted_at - t.started_at)::int as topper_seconds,
        true as ranked
      from report_test_stats s
      join report_results r on r.institute_id = s.institute_id and r.test_id = s.test_id and r.user_id = $3
      join exam_attempts a on a.institute_id = r.institute_id and a.id = r.attempt_id
      left join exam_attempts t on t.institute_id = s.institute_id and t.id = s.topper_attempt_id
      where s.institute_id = $1 and s.test_id = $2`,
    [instituteId, testId, userId],
  );
  return rows[0];
}

// Shared with the exam area's read-only paper (the desk's View): one query decides both.
export { findAnswerKeyState } from '../exam/index.ts';

/** Whether the test was ever ranked, whether its ranks are stale, and whether the user submitted an attempt at it. */
export async function findRankState(db: Db, instituteId: number, testId: number, userId: number) {
  const rows = await sqlRows<{ ranked: boolean; stale: boolean; took: boolean }>(
    db,
    'report_rank_state',
    `select exists (select 1 from report_test_stats where institute_id = $1 and test_id = $2) as ranked,
        exists (select 1 from report_stale_tests where institute_id = $1 and test_id = $2) as stale,
        exists (select 1 from exam_attempts where institute_id = $1 and test_id = $2 and user_id = $3
          and submitted_at is not null and score is not null) as took`,
    [instituteId, testId, userId],
  );
  return rows[0];
}

/** The paper as the report needs it: each question's subject, key and marks. */
export async function findReportPaper(db: Db, instituteId: number, testId: number) {
  return db
    .select({
      questionNo: examQuestions.questionNo,
      quesType: examQuestions.quesType,
      correct: examQuestions.correct,
      marks: examQuestions.marks,
      subjectName: sql<string>`coalesce(${subjects.name}, ${examSections.name})`,
    })
    .from(examQuestions)
    .innerJoin(
      examSections,
      and(eq(examSections.instituteId, examQuestions.instituteId), eq(examSections.id, examQuestions.sectionId)),
    )
    .leftJoin(
      subjects,
      and(eq(subjects.instituteId, examSections.instituteId), eq(subjects.id, examSections.subjectId)),
    )
    .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.testId, testId)))
    .orderBy(asc(examQuestions.questionNo));
}

/** The answers of an attempt. */
export async function findAttemptAnswers(db: Db, instituteId: number, attemptId: number) {
  return db
    .select({ questionNo: examAnswers.questionNo, answer: examAnswers.answer })
    .from(examAnswers)
    .where(and(eq(examAnswers.instituteId, instituteId), eq(examAnswers.attemptId, attemptId)));
}

/** The offline exams of the student's batches with the student's marks (one row per exam and subject mark). */
export async function findOfflineExams(db: Db, instituteId: number, batchIds: number[], studentId: number) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      id: reportOfflineExams.id,
      batchName: batches.name,
      examDate: reportOfflineExams.examDate,
      startTime: reportOfflineExams.startTime,
      endTime: reportOfflineExams.endTime,
      topicName: reportOfflineExams.topicName,
      description: reportOfflineExams.description,
      subjects: reportOfflineExams.subjects,
      subjectName: reportOfflineMarks.subjectName,
      attendance: reportOfflineMarks.attendance,
      marksObtained: reportOfflineMarks.marksObtained,
      rank: reportOfflineMarks.rank,
    })
    .from(reportOfflineExams)
    .innerJoin(
      batches,
      and(eq(batches.instituteId, reportOfflineExams.instituteId), eq(batches.id, reportOfflineExams.batchId)),
    )
    .leftJoin(
      reportOfflineMarks,
      and(
        eq(reportOfflineMarks.instituteId, reportOfflineExams.instituteId),
        eq(reportOfflineMarks.examId, reportOfflineExams.id),
        eq(reportOfflineMarks.studentId, studentId),
      ),
    )
    .where(and(eq(reportOfflineExams.instituteId, instituteId), inArray(reportOfflineExams.batchId, batchIds)))
    .orderBy(asc(reportOfflineExams.examDate), asc(reportOfflineExams.startTime), asc(reportOfflineExams.id));
}

export interface BookmarkRow {
  ques_id: number;
  question: string;
  ques_type: number;
  test_id: number;
  test_name: string;
  is_result_published: boolean;
  date_time: Date | string;
}

/** The questions the user bookmarked in submitted attempts, one row per question (its latest bookmark). */
export async function findBookmarks(db: Db, instituteId: number, taker: Taker): Promise<BookmarkRow[]> {
  const result = await db.execute(sql`select q.id as ques_id, q.question, q.ques_type, t.id as test_id,
      t.name as test_name, t.is_result_published, max(ans.saved_at) as date_time
    from exam_attempts a
    join exam_answers ans on ans.institute_id = a.institute_id and ans.attempt_id = a.id and ans.bookmarked
    join exam_questions q on q.institute_id = a.institute_id and q.test_id = a.test_id and q.question_no = ans.question_no
    join exam_tests t on t.institute_id = a.institute_id and t.id = a.test_id
    where a.institute_id = ${instituteId} and ${takenBy(taker)} and a.submitted_at is not null
    group by q.id, q.question, q.ques_type, t.id, t.name, t.is_result_published
    order by max(ans.saved_at) desc, q.id`);
  return ((result as unknown as { rows?: BookmarkRow[] }).rows ??
    (result as unknown as BookmarkRow[])) as BookmarkRow[];
}

/** Clears the user's bookmarks of one question (every submitted attempt at its test); answers how many. */
export async function clearBookmark(db: Db, instituteId: number, taker: Taker, questionId: number): Promise<number> {
  const result = await db.execute(sql`update exam_answers ans set bookmarked = false
    from exam_attempts a, exam_questions q
    where ans.institute_id = ${instituteId} and ans.bookmarked
      and a.institute_id = ans.institute_id and a.id = ans.attempt_id and ${takenBy(taker)} and a.submitted_at is not null
      and q.institute_id = ans.institute_id and q.id = ${questionId} and q.test_id = a.test_id
      and q.question_no = ans.question_no
    returning ans.attempt_id`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length;
}

/** A bookmarked question in full with the user's latest answer to it (only read for released results). */
export async function findBookmarkDetail(db: Db, instituteId: number, taker: Taker, questionId: number) {
  const [question] = await db
    .select({
      id: examQuestions.id,
      testId: examQuestions.testId,
      questionNo: examQuestions.questionNo,
      quesType: examQuestions.quesType,
      question: examQuestions.question,
      mediaType: examQuestions.mediaType,
      mediaFileKey: examQuestions.mediaFileKey,
      options: examQuestions.options,
      matchOptions: examQuestions.matchOptions,
      correct: examQuestions.correct,
      solution: examQuestions.solution,
      passage: examPassages.text,
      testName: examTests.name,
      isResultPublished: examTests.isResultPublished,
    })
    .from(examQuestions)
    .innerJoin(
      examTests,
      and(eq(examTests.instituteId, examQuestions.instituteId), eq(examTests.id, examQuestions.testId)),
    )
    .leftJoin(
      examPassages,
      and(eq(examPassages.instituteId, examQuestions.instituteId), eq(examPassages.id, examQuestions.passageId)),
    )
    .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.id, questionId)));
  if (!question) return undefined;
  const result = await db.execute(sql`select ans.answer, ans.saved_at from exam_attempts a
    join exam_answers ans on ans.institute_id = a.institute_id and ans.attempt_id = a.id
      and ans.question_no = ${question.questionNo}
    where a.institute_id = ${instituteId} and a.test_id = ${question.testId} and ${takenBy(taker)}
      and a.submitted_at is not null
    order by ans.bookmarked desc, a.submitted_at desc limit 1`);
  const rows =
    (result as unknown as { rows?: { answer: string; saved_at: Date | string }[] }).rows ??
    (result as unknown as { answer: string; saved_at: Date | string }[]);
  return { ...question, answer: rows[0]?.answer ?? '', savedAt: rows[0]?.saved_at ?? null };
}

/** The display name of a user. */
export async function findUserName(db: Db, instituteId: number, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.instituteId, instituteId), eq(users.id, userId)));
  return row?.name ?? '';
}

/** The institute's name, for the score card. */
export async function findInstituteName(db: Db, instituteId: number): Promise<string> {
  const [row] = await db.select({ name: institutes.name }).from(institutes).where(eq(institutes.id, instituteId));
  return row?.name ?? '';
}

/**
 * Results that are new for a student (Today): online tests they submitted since `since` whose result the institute
 * has released, and offline exams of their batches held from `sinceDate` to `today` at which they have a mark. Two
 * index ranges: the user's attempts ((institute_id, user_id)) and each batch's exams by date.
 */
export async function findNewResults(
  db: Db,
  values: {
    instituteId: number;
    userId: number;
    studentId: number;
    batchIds: number[];
    since: Date;
    sinceDate: string;
    today: string;
  },
) {
  const { instituteId, userId, studentId, batchIds } = values;
  const [online, offline] = await Promise.all([
    db
      .selectDistinctOn([examTests.id], { testId: examTests.id, name: examTests.name, at: examAttempts.submittedAt })
      .from(examAttempts)
      .innerJoin(
        examTests,
        and(eq(examTests.instituteId, examAttempts.instituteId), eq(examTests.id, examAttempts.testId)),
      )
      .where(
        and(
          eq(examAttempts.instituteId, instituteId),
          eq(examAttempts.userId, userId),
          isNotNull(examAttempts.submittedAt),
          gte(examAttempts.submittedAt, values.since),
          eq(examTests.isResultPublished, true),
        ),
      )
      .orderBy(asc(examTests.id), desc(examAttempts.submittedAt)),
    batchIds.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({
            examId: reportOfflineExams.id,
            topicName: reportOfflineExams.topicName,
            examDate: reportOfflineExams.examDate,
          })
          .from(reportOfflineExams)
          .innerJoin(
            reportOfflineMarks,
            and(
              eq(reportOfflineMarks.instituteId, reportOfflineExams.instituteId),
              eq(reportOfflineMarks.examId, reportOfflineExams.id),
              eq(reportOfflineMarks.studentId, studentId),
            ),
          )
          .where(
            and(
              eq(reportOfflineExams.instituteId, instituteId),
              inArray(reportOfflineExams.batchId, batchIds),
              gte(reportOfflineExams.examDate, values.sinceDate),
              lte(reportOfflineExams.examDate, values.today),
            ),
          ),
  ]);
  return { online, offline };
}
