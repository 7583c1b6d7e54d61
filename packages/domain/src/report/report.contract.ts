import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { reportEndpoints } from './report.endpoints.ts';

const wholeNumber = (what: string) =>
  z.coerce
    .number<number | string>({ error: `${what} must be a whole number` })
    .int()
    .positive();

/** The student's figures of one test (spec part 2 §3 Test report), plus the percentile the server works out. */
export const testReportSchema = z.object({
  rank: z.number().int(),
  total_score: z.number(),
  total_marks: z.number(),
  total_students: z.number().int(),
  right_ques_count: z.number().int(),
  wrong_ques_count: z.number().int(),
  left_ques_count: z.number().int(),
  /** Seconds from the start to the submission. */
  total_attempted_time: z.number().int(),
  /** (students − rank) ÷ students × 100, 2 decimals; 99 for a single student (report-rules `percentile`). */
  percentile: z.number(),
  attempted_ques_count: z.number().int(),
});

export const topperReportSchema = z.object({
  marks_obtained: z.number(),
  maximum_marks: z.number(),
  total_correct_que: z.number().int(),
  total_incorrect_que: z.number().int(),
  total_attempted: z.number().int(),
  total_time_taken: z.number().int(),
});

export const averageReportSchema = z.object({
  marks: z.number(),
  correct: z.number(),
  incorrect: z.number(),
  attempted: z.number(),
  time_taken: z.number().int(),
});

export const subjectDistributionSchema = z.object({
  subject_name: z.string(),
  total_score: z.number(),
  /** Seconds: the attempt's time shared by the subject's share of the questions (no per-question clock). */
  total_attempted_time: z.number().int(),
  right_ques_count: z.number().int(),
  wrong_ques_count: z.number().int(),
  left_ques_count: z.number().int(),
  right_ques_marks: z.number(),
  wrong_ques_marks: z.number(),
});

export const questionDistributionSchema = z.object({
  question_order: z.number().int(),
  /**
   * 1 right, 0 wrong, 2 partly right, -1 left, 3 awaiting evaluation. While the key is withheld
   * (is_download_solution 0: exam/answer-key) only -1 or 3, correct_answer is '' and total_score 0.
   */
  is_correct: z.number().int(),
  student_answer: z.string(),
  correct_answer: z.string(),
  ques_type: z.number().int(),
  total_score: z.number(),
});

export const testReportAnswerSchema = z.object({
  test_id: z.number().int(),
  test_name: z.string(),
  test_type_id: z.number().int(),
  is_result_published: z.number().int(),
  /** 1 once the answer key is served (exam/answer-key `canRevealAnswerKey`); 0 while the test can still be taken. */
  is_download_solution: z.number().int(),
  test_report: testReportSchema,
  topper_report: topperReportSchema,
  average_report: averageReportSchema,
  subject_wise_distribution: z.array(subjectDistributionSchema),
  question_wise_distribution: z.array(questionDistributionSchema),
  /** Our printable score card (spec: external report page) and its PDF; signed, valid for a day. */
  score_card_url: z.string(),
  score_card_download_url: z.string(),
});
export type TestReportAnswer = z.infer<typeof testReportAnswerSchema>;

const subjectMarksSchema = z.object({
  subject_name: z.string(),
  marks_obtained: z.number().nullable(),
  total_marks: z.number(),
  rank: z.number().int().nullable(),
});

/** An offline exam as listed (spec part 2 §3 Offline exam record). */
export const offlineExamSchema = z.object({
  exam_id: z.number().int(),
  /** day-monthname-year, e.g. 05-Nov-2026. */
  exam_date: z.string(),
  /** YYYY-MM-DD, for sorting and the chart. */
  exam_date_iso: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** P present; A absent; '' before the exam. */
  attendance_status: z.string(),
  courseLevelMarksObtain: z.number().nullable(),
  courseLevelTotalMarks: z.number(),
  courseLevelRank: z.number().int().nullable(),
  isAbsent: z.enum(['Y', 'N']),
  subjectWiseExamSchdList: z.array(subjectMarksSchema),
  subject_name: z.string(),
  topic_name: z.string(),
  examDesc: z.string(),
  course_Name: z.string(),
});
export type OfflineExam = z.infer<typeof offlineExamSchema>;

export const studentReportAnswerSchema = z.object({
  pastCourseExamSchdJson: z.array(
    z.object({ course_Name: z.string(), pastCourseExamList: z.array(offlineExamSchema) }),
  ),
  batchExamSchdJsons: z.object({
    futureCourseExamSchdJson: z.array(z.object({ futureCourseExamList: z.array(offlineExamSchema) })),
  }),
  show_exam_rank: z.boolean(),
});
export type StudentReportAnswer = z.infer<typeof studentReportAnswerSchema>;

const bookmarkOptionSchema = z.object({
  answer_option: z.string(),
  is_correct: z.number().int(),
  answer_choice_option: z.string(),
});

/** A bookmarked question as the list shows it (spec part 2 §3 Bookmarked question); no key, no answer. */
export const bookmarkSchema = z.object({
  ques_id: z.number().int(),
  question: z.string(),
  ques_type: z.number().int(),
  test_id: z.number().int(),
  test_name: z.string(),
  /** The detail opens only once the test's result is released. */
  is_result_published: z.number().int(),
  date_time: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

/**
 * A bookmarked question in full. correct_ans, answer, feedback(_mathjax) are '' and every option's is_correct 0
 * until the key may be shown (exam/answer-key `canRevealAnswerKey`); the student's own attempt_answer always shows.
 */
export const bookmarkDetailSchema = bookmarkSchema.extend({
  question_mathjax: z.string(),
  description: z.string(),
  description_mathjax: z.string(),
  options: z.array(bookmarkOptionSchema),
  correct_ans: z.string(),
  attempt_answer: z.string(),
  feedback: z.string(),
  feedback_mathjax: z.string(),
  alies_feedback: z.string(),
  answer: z.string(),
  is_multi_lingual: z.number().int(),
  media_data: z.array(z.object({ media_type: z.string(), source_path: z.string() })),
});
export type BookmarkDetail = z.infer<typeof bookmarkDetailSchema>;

/** Request and answer schemas of each report endpoint. */
export const reportSchemas = {
  testReport: {
    params: z.object({
      accountId: wholeNumber('accountId'),
      userId: wholeNumber('userId'),
      testId: wholeNumber('testId'),
      scope: z.literal('-1', { error: 'scope must be -1' }),
    }),
    answer: testReportAnswerSchema,
  },
  student: {
    params: z.object({ studentId: wholeNumber('studentId') }),
    answer: studentReportAnswerSchema,
  },
  bookmarks: {
    params: z.object({ userId: wholeNumber('userId') }),
    answer: z.object({ data: z.array(bookmarkSchema) }),
  },
  bookmark: {
    params: z.object({ userId: wholeNumber('userId'), questionId: wholeNumber('questionId') }),
    answer: z.object({ data: bookmarkDetailSchema }),
  },
  deleteBookmark: {
    body: z.object({
      student_id: z.number({ error: 'student_id must be a whole number' }).int().positive(),
      question_id: z.number({ error: 'question_id must be a whole number' }).int().positive(),
    }),
    answer: z.object({ validate: z.number().int(), message: z.string() }),
  },
  scoreCard: { params: z.object({ token: z.string().max(500) }), answer: z.unknown() },
  scoreCardPdf: { params: z.object({ token: z.string().max(500) }), answer: z.unknown() },
};

/** The report endpoints with their schemas, as the API registers them. */
export const reportContract = bindContract(reportEndpoints, reportSchemas);
