import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { examEndpoints } from './exam.endpoints.ts';

const wholeNumber = z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive();

/** A test label (spec part 2 §3): the institute's own (a number) or a placeholder ('MockP', 'OnlineP'). */
export const testLabelSchema = z.object({
  label_id: z.union([z.number().int(), z.string()]),
  label_name: z.string(),
  test_type_id: z.number().int(),
  title: z.string(),
});
export type TestLabel = z.infer<typeof testLabelSchema>;

/** The desk status the server worked out from its own clock (see `deskStatus` in desk-status). */
export const deskStatusSchema = z.enum(['practice', 'view', 'expired', 'attempted', 'upcoming', 'resume', 'ongoing']);

/** An online exam as the desk lists it (spec part 2 §3 Online exam), plus its status and institute. */
export const examTestSchema = z.object({
  test_name: z.string(),
  test_id: z.number().int(),
  /** 1 mock, 2 practice, 4 online. */
  test_type_id: z.number().int(),
  /** DD-MM-YYYY in the institute's time zone. */
  start_date: z.string(),
  end_date: z.string(),
  /** YYYY-MM-DD HH:mm in the institute's time zone. */
  test_start_date: z.string(),
  test_end_date: z.string(),
  /** Seconds since the epoch. */
  start_timestamp: z.number().int(),
  end_timestamp: z.number().int(),
  /** Minutes. */
  duration: z.number().int(),
  /** The student's submitted attempts. */
  total_attempts: z.number().int(),
  /** The student's attempts started and still running. */
  incomplete_attempts: z.number().int(),
  /** 0 means unlimited (practice tests); mock and online tests allow one attempt. */
  test_limit: z.number().int(),
  is_result_published: z.number().int(),
  /** 1 when the student has submitted an attempt. */
  is_submitted: z.number().int(),
  title: z.string(),
  /** Worked out on the server from its clock (spec part 2 §4). */
  status: deskStatusSchema,
  /** The institute the test belongs to (product tests open with it). */
  test_institute_id: z.number().int(),
  /** The student's best score, once the result is published; null before. */
  total_score: z.number().nullable(),
  total_marks: z.number(),
});
export type ExamTest = z.infer<typeof examTestSchema>;

const examListAnswerSchema = z.object({ data: z.array(examTestSchema) });

/** Headers of the product service (spec part 1 §7); the server checks they are the session's own. */
const productHeadersSchema = z.object({
  'x-prod-user-id': wholeNumber,
  'x-prod-inst-id': wholeNumber,
});

/** One question of the paper: never its key, its solution or anyone's answers. */
export const paperQuestionSchema = z.object({
  /** 1-based position in the paper; answers name it. */
  question_no: z.number().int(),
  section_id: z.number().int(),
  passage_id: z.number().int().nullable(),
  /** 1 single choice, 2 subjective, 3 multiple choice, 5 true/false, 6 and 7 matching. */
  ques_type: z.number().int(),
  /** HTML. */
  question: z.string(),
  marks: z.number(),
  negative_marks: z.number(),
  media: z.object({ media_type: z.enum(['image', 'audio', 'video']), source_path: z.string() }).nullable(),
  /** Choices (1, 3, 5) or the left column of a matching question (6, 7), lettered a, b, c…. */
  options: z.array(z.object({ letter: z.string(), text: z.string() })),
  /** The right column of a matching question, lettered p, q, r…; empty for other types. */
  match_options: z.array(z.object({ letter: z.string(), text: z.string() })),
});
export type PaperQuestion = z.infer<typeof paperQuestionSchema>;

/** The student's saved answer to one question. */
export const savedAnswerSchema = z.object({
  question_no: z.number().int(),
  /** Letters (see exam-rules' answer formats), HTML for subjective answers, empty when cleared. */
  answer: z.string(),
  /** The client's sequence number of the save that wrote it. */
  seq: z.number().int(),
  marked_for_review: z.boolean(),
  bookmarked: z.boolean(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** An attempt's result as stored for reports (shown to the student only once published). */
export const attemptResultSchema = z.object({
  total_score: z.number(),
  total_marks: z.number(),
  right_ques_count: z.number().int(),
  wrong_ques_count: z.number().int(),
  left_ques_count: z.number().int(),
  partial_ques_count: z.number().int(),
  pending_ques_count: z.number().int(),
  is_pending_evaluation: z.boolean(),
});
export type AttemptResultSummary = z.infer<typeof attemptResultSchema>;

/** The attempt as the panel opens or resumes it: the paper, the saved answers and the server's clock. */
export const attemptAnswerSchema = z.object({
  test_id: z.number().int(),
  test_name: z.string(),
  test_type_id: z.number().int(),
  duration: z.number().int(),
  attempt_no: z.number().int(),
  /** open while it runs; submitted after the student's or the automatic submission. */
  status: z.enum(['open', 'submitted']),
  /** Milliseconds since the epoch on the server's clock; the countdown is synchronised from it. */
  server_time: z.number().int(),
  started_at: z.number().int(),
  ends_at: z.number().int(),
  remaining_seconds: z.number().int(),
  sections: z.array(z.object({ section_id: z.number().int(), name: z.string() })),
  passages: z.array(z.object({ passage_id: z.number().int(), text: z.string() })),
  questions: z.array(paperQuestionSchema),
  answers: z.array(savedAnswerSchema),
  is_result_published: z.number().int(),
  /** The result once the attempt is submitted and the result published; null otherwise. */
  result: attemptResultSchema.nullable(),
});
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>;

/** The panel's view mode (the desk's View): the paper, the student's own answers, and the key only when allowed. */
export const paperViewAnswerSchema = z.object({
  test_id: z.number().int(),
  test_name: z.string(),
  test_type_id: z.number().int(),
  duration: z.number().int(),
  /** Milliseconds since the epoch on the server's clock. */
  server_time: z.number().int(),
  sections: z.array(z.object({ section_id: z.number().int(), name: z.string() })),
  passages: z.array(z.object({ passage_id: z.number().int(), text: z.string() })),
  questions: z.array(paperQuestionSchema),
  /** The student's answers in their latest attempt; empty when they never took it. */
  answers: z.array(savedAnswerSchema),
  /**
   * 1 when the key is sent (exam/answer-key canRevealAnswerKey); 0: `keys` is empty and no answer says right or
   * wrong.
   */
  is_key_shown: z.number().int(),
  /** Each question's key in the answer formats of exam-rules, when shown. */
  keys: z.array(z.object({ question_no: z.number().int(), correct_answer: z.string() })),
});
export type PaperViewAnswer = z.infer<typeof paperViewAnswerSchema>;

/** One change the panel sends: its sequence number orders it against older saves of the same question. */
export const answerChangeSchema = z.object({
  question_no: z.number({ error: 'question_no must be a whole number' }).int().positive().max(1000),
  seq: z
    .number({ error: 'seq must be a whole number' })
    .int('seq must be a whole number')
    .positive('seq must be positive')
    .max(2_000_000_000),
  /** Omitted: the answer stays; '' clears it. */
  answer: z.string().max(20_000, 'answer is too long').optional(),
  marked_for_review: z.boolean().optional(),
  bookmarked: z.boolean().optional(),
});
export type AnswerChange = z.infer<typeof answerChangeSchema>;

/** Request and answer schemas of each exam endpoint. */
export const examSchemas = {
  labels: { answer: z.object({ data: z.array(testLabelSchema) }) },
  labelTests: {
    params: z.object({
      labelId: z.union([
        z.enum(['MockP', 'OnlineP']),
        z.coerce.number<number | string>({ error: 'labelId must be a label' }).int().positive(),
      ]),
    }),
    answer: examListAnswerSchema,
  },
  productTestIds: {
    params: z.object({ itemType: z.enum(['Mock_Test', 'Online_Test'], { error: 'must be Mock_Test or Online_Test' }) }),
    headers: productHeadersSchema,
    answer: z.object({
      statusCode: z.number().int(),
      message: z.string(),
      result: z.array(z.object({ test_id: z.number().int(), test_institute_id: z.number().int() })),
    }),
  },
  testsById: {
    body: z.object({
      /** Comma-joined test ids, as the spec sends them (a JSON array of ids is taken too). */
      test_ids: z
        .preprocess(
          (value) => (Array.isArray(value) ? value.join(',') : value),
          z.string({ error: 'test_ids must be comma-joined test ids' }).max(2000, 'at most 2000 characters'),
        )
        .transform((text, context) => {
          const parts = text.split(',').filter((part) => part.trim() !== '');
          const ids = parts.map((part) => Number(part.trim()));
          if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
            context.addIssue({ code: 'custom', message: 'test_ids must be comma-joined test ids' });
            return z.NEVER;
          }
          return [...new Set(ids)];
        }),
      user_id: z.number({ error: 'must be a whole number' }).int().positive(),
    }),
    answer: examListAnswerSchema,
  },
  time: { answer: z.object({ time: z.number().int(), timestamp: z.number().int() }) },
  launch: {
    body: z.object({ test_id: z.number({ error: 'test_id must be a whole number' }).int().positive() }),
    answer: z.object({
      /** Single use, two minutes; exchanged by the panel window (POST /examPanel/open). */
      launch_token: z.string(),
      expires_in: z.number().int(),
      /** The panel's address: the token rides in the fragment, which no request or log line carries. */
      panel_path: z.string(),
    }),
  },
  open: {
    body: z.object({ launch_token: z.string({ error: 'launch_token is required' }).min(1).max(200) }),
    answer: z.object({
      /**
       * The attempt credential: good for this attempt's panel calls only, until it is submitted. In view mode, the
       * credential of GET /examPanel/paper (this test, this user, read-only) instead.
       */
      attempt_token: z.string(),
      test_id: z.number().int(),
      /** take: the attempt runs (start or resume); view: the paper opens read-only (the desk's View). */
      mode: z.enum(['take', 'view']),
    }),
  },
  paper: { answer: paperViewAnswerSchema },
  attempt: { answer: attemptAnswerSchema },
  save: {
    body: z.object({
      answers: z.array(answerChangeSchema).min(1, 'answers must not be empty').max(200, 'at most 200 answers'),
    }),
    answer: z.object({
      /** Each change: applied, or not because a save with this or a later seq already arrived. */
      saved: z.array(z.object({ question_no: z.number().int(), seq: z.number().int(), applied: z.boolean() })),
      server_time: z.number().int(),
      remaining_seconds: z.number().int(),
    }),
  },
  submit: {
    answer: z.object({
      status: z.literal('submitted'),
      submitted_at: z.number().int(),
      unanswered: z.number().int(),
      is_result_published: z.number().int(),
      result: attemptResultSchema.nullable(),
    }),
  },
};

/** The exam endpoints with their schemas, as the API registers them. */
export const examContract = bindContract(examEndpoints, examSchemas);
