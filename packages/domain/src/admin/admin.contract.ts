import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import {
  adminEndpointNames,
  adminEndpoints,
  adminFileEndpoints,
  adminKinds,
  type AdminKind,
} from './admin.endpoints.ts';
import { receiptNoPattern } from '../fees/index.ts';
import { optionLetters } from '../exam/index.ts';
import { maxBatchRows, parseDate, parseFlag, parseInstant, singleLineProblem, splitList } from './admin-rules.ts';

// Row schemas, one per kind: the admin API's batch rows and the CSV import's columns (header names are the field
// names) are the same schema, so a file and a call are checked by the same rules. Each field takes the JSON form
// (numbers, booleans, arrays) and the text form a CSV cell holds ("12", "yes", "S1|S2", "01-06-2026").

const limitText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/**
 * Single-line fields: names (people, classes, subjects, fee structures, topics), titles, labels, payment modes,
 * receipt and admission numbers, codes, provider ids, links and external ids. They are printed as one line (a
 * receipt's "Student" and "Mode" beside "Amount Paid", a list row), so line breaks, tabs, other control characters
 * and text-direction characters are refused (singleLineProblem). Multi-line text keeps its line breaks: addresses,
 * descriptions, remarks, notes, comments, topic lists, message bodies (multilineText) and HTML (limitText, then the
 * server's sanitiser).
 */
const lineText = (max: number) =>
  limitText(max).superRefine((value, context) => {
    const problem = singleLineProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const requiredText = (max = 200) => lineText(max).min(1, 'is required');
const optionalText = (max = 200) => lineText(max).optional();
/** Text that may run over several lines (see lineText for which fields are which). */
const multilineText = (max: number) => limitText(max).optional();

/** The institute's own id of a row: text or a whole number, kept as text. */
const externalId = z
  .union([z.string(), z.number().int()], { error: 'must be text or a whole number' })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'is required')
      .max(100, 'must be at most 100 characters')
      .regex(/^[^|]+$/, 'must not contain |')
      .superRefine((value, context) => {
        const problem = singleLineProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  );

const date = z.string({ error: 'must be a date DD-MM-YYYY or YYYY-MM-DD' }).transform((value, context) => {
  const parsed = parseDate(value);
  if (parsed) return parsed;
  context.addIssue({ code: 'custom', message: 'must be a date DD-MM-YYYY or YYYY-MM-DD' });
  return z.NEVER;
});

/** A date and local time of the institute (or an ISO instant); the API converts it in the institute's zone. */
const instant = z
  .string({ error: 'must be a date and time, DD-MM-YYYY HH:MM or ISO' })
  .trim()
  .refine((value) => parseInstant(value, 0) !== undefined, 'must be a date and time, DD-MM-YYYY HH:MM or ISO');

const flag = z.union(
  [
    z.boolean(),
    z.string().transform((value, context) => {
      const parsed = parseFlag(value);
      if (parsed !== undefined) return parsed;
      context.addIssue({ code: 'custom', message: 'must be yes or no (true/false, 1/0)' });
      return z.NEVER;
    }),
  ],
  { error: 'must be yes or no (true/false, 1/0)' },
);

const wholeNumber = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, 'must be a whole number')
          .transform(Number),
      ],
      {
        error: 'must be a whole number',
      },
    )
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(min, `must be between ${min} and ${max}`)
        .max(max, `must be between ${min} and ${max}`),
    );

const decimal = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
          .transform(Number),
      ],
      {
        error: 'must be a number',
      },
    )
    .pipe(z.number().min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`));

const list = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(z.unknown()), z.string().transform(splitList)], { error: 'must be a list (a|b|c in a CSV cell)' })
    .pipe(z.array(item).max(500, 'must have at most 500 items'));

const phone = z
  .union([z.string(), z.number().int()])
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^\d{6,15}$/, 'must be the number without country code, 6 to 15 digits'),
  );
const email = z.string().trim().toLowerCase().pipe(z.email('must be an email address').max(200));
const password = z
  .string()
  .min(6, 'must be 6 to 64 characters')
  .max(64, 'must be 6 to 64 characters')
  .regex(/^\S+$/, 'must not contain spaces');
const time = z
  .string()
  .trim()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 hours)');

/** Fields of a login: a phone or an email to sign in with, and a first password or SSO only. */
const login = {
  phone: phone.optional(),
  email: email.optional(),
  /** The first password, used only when the login is created (later syncs never overwrite a changed one). */
  password: password.optional(),
  /** Signs in only through the institute's single sign-on: no password is set or generated. */
  sso_only: flag.optional(),
  /** Blocks sign-in (and ends open sessions). */
  is_blocked: flag.optional(),
};

const loginRules = <T extends { phone?: string; email?: string; password?: string; sso_only?: boolean }>(
  row: T,
  context: z.RefinementCtx,
) => {
  if (!row.phone && !row.email) {
    context.addIssue({ code: 'custom', path: ['phone'], message: 'a phone or an email is required to sign in' });
  }
  if (row.password && row.sso_only) {
    context.addIssue({ code: 'custom', path: ['password'], message: 'must be empty when sso_only is yes' });
  }
};

/** What a class session is (the timetable's `class_type`). */
const classTypes = ['Class', 'Online Class', 'Online Exam', 'Offline Exam'] as const;
/** Where an online class meets. */
const meetingProviders = ['Zoom', 'Webex', 'other'] as const;
const attendanceStatuses = ['P', 'A', 'L'] as const;
/** A student at an offline exam: P present, A absent. */
const offlineAttendance = ['P', 'A'] as const;
/** Where a recording is hosted: 'aws' is the portal's own storage (a file uploaded through /files). */
const recordingHosts = ['aws', 'vimeo', 'vdocipher'] as const;
const questionTypeRule =
  'must be 1 (single choice), 2 (subjective), 3 (multiple choice), 5 (true/false), 6 (matching, answered as pairs) ' +
  'or 7 (matching, answered in order)';
/** The letters of a matching question's right column, in order (its left column is lettered a, b, c…). */
export const matchLetters = 'pqrstuvwxyz'.split('');
const documentCategories = ['Assignment', 'EBook', 'Exam', 'Vimeo', 'Youtube', 'Other'] as const;
/** What a library item or document is: a hosted video, or a file uploaded through /files. */
const materialKinds = ['youtube', 'vimeo', 'vdocipher', 'file'] as const;
/** A row naming a file (`kind` file) gives file_external_id; a hosted video gives video_id. */
const materialSource = (
  row: { kind: (typeof materialKinds)[number]; video_id?: string; file_external_id?: string },
  context: z.RefinementCtx,
) => {
  if (row.kind === 'file') {
    if (!row.file_external_id) {
      context.addIssue({ code: 'custom', path: ['file_external_id'], message: 'is required when kind is file' });
    }
    if (row.video_id)
      context.addIssue({ code: 'custom', path: ['video_id'], message: 'must be empty when kind is file' });
  } else {
    if (!row.video_id)
      context.addIssue({ code: 'custom', path: ['video_id'], message: 'is required for a hosted video' });
    if (row.file_external_id) {
      context.addIssue({ code: 'custom', path: ['file_external_id'], message: 'must be empty for a hosted video' });
    }
  }
};

/** An offline exam's subject, as its results name it (a list item in a CSV cell, so without `|`). */
const offlineSubject = requiredText(100).regex(/^[^|]+$/, 'must not contain |');
/** A time as stored: HH:MM with two digits of hour. */
const clockTime = time.transform((value) => value.padStart(5, '0'));

const moneyRule = 'must be an amount in rupees, e.g. 1500 or 1500.50';
/** An amount in rupees with at most two decimals, kept as whole paise (never a float). */
const money = z
  .union([z.number(), z.string()], { error: moneyRule })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, moneyRule),
  )
  .transform((text) => {
    const [whole, fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

/**
 * A matching question's key (spec part 2 §9): 6 one pair per option `a=q` (each option once), 7 one right-column
 * letter per option in the options' order; every letter one the question has.
 */
function matchingRules(
  type: 6 | 7,
  optionCount: number,
  matchOptions: readonly string[],
  correct: readonly string[],
  issue: (field: string, message: string) => void,
) {
  if (matchOptions.length < 2 || matchOptions.length > matchLetters.length) {
    issue('match_options', `must have 2 to ${matchLetters.length} entries (lettered p to z)`);
    return;
  }
  const rights = matchLetters.slice(0, matchOptions.length);
  const lefts = optionLetters.slice(0, optionCount);
  const range = `${rights[0]} to ${rights.at(-1)}`;
  if (type === 7) {
    if (correct.some((letter) => letter.includes('='))) {
      issue('correct', 'must list match letters in the order of the options (q|p|r), not pairs, for ques_type 7');
    } else if (correct.length !== optionCount) {
      issue('correct', `must give one match letter (${range}) per option, in order: ${optionCount} letters`);
    } else if (correct.some((letter) => !rights.includes(letter))) {
      issue('correct', `must use the match letters ${range} only`);
    }
    return;
  }
  const pairs = correct.map((pair) => pair.split('='));
  if (pairs.some((pair) => pair.length !== 2)) {
    issue('correct', 'must be a pair per option, option letter = match letter (a=q|b=p), for ques_type 6');
  } else if (pairs.some(([left, right]) => !lefts.includes(left!) || !rights.includes(right!))) {
    issue('correct', `must pair option letters ${lefts[0]} to ${lefts.at(-1)} with match letters ${range}`);
  } else if (new Set(pairs.map(([left]) => left)).size !== pairs.length || pairs.length !== optionCount) {
    issue('correct', `must pair every option ${lefts[0]} to ${lefts.at(-1)} exactly once`);
  }
}

/**
 * The fields naming a row of each kind without an external id of its own (deletes name rows by them): the pair of
 * rows it links, and for offline results also the subject.
 */
export const adminPairKeys: Partial<Record<AdminKind, readonly [string, string, ...string[]]>> = {
  enrolments: ['student_external_id', 'batch_external_id'],
  evaluations: ['assignment_external_id', 'student_external_id'],
  attendance: ['class_session_external_id', 'student_external_id'],
  'student-fees': ['student_external_id', 'fee_structure_external_id'],
  'offline-results': ['offline_exam_external_id', 'student_external_id', 'subject'],
};

/**
 * The fields that hold staff-written HTML (a text, or a list of texts), per kind: the server stores and serves them
 * only through its one HTML sanitiser. Every other text field is shown as text.
 */
export const adminHtmlFields: Partial<Record<AdminKind, readonly string[]>> = {
  announcements: ['description_html'],
  assignments: ['description_html'],
  passages: ['text'],
  questions: ['question', 'options', 'match_options', 'solution'],
};

/** The row schema of each kind (fields are also the CSV header names). */
export const adminRowSchemas = {
  'academic-years': z
    .object({ external_id: externalId, name: requiredText(100), start_date: date, end_date: date })
    .refine((row) => row.end_date >= row.start_date, { path: ['end_date'], message: 'must not be before start_date' }),
  /** A school's standard (class) or a coaching institute's course. */
  standards: z.object({ external_id: externalId, name: requiredText(100) }),
  /** A school's section or a coaching institute's batch, in one standard and academic year. */
  batches: z.object({
    external_id: externalId,
    standard_external_id: externalId,
    academic_year_external_id: externalId,
    name: requiredText(100),
  }),
  subjects: z.object({ external_id: externalId, standard_external_id: externalId, name: requiredText(100) }),
  teachers: z.object({
    external_id: externalId,
    name: requiredText(),
    phone: phone.optional(),
    email: email.optional(),
  }),
  students: z
    .object({
      external_id: externalId,
      name: requiredText(),
      /** Admission number shown on the profile; the external id when absent. */
      admission_no: optionalText(50),
      ...login,
      gender: optionalText(20),
      dob: date.optional(),
      join_date: date.optional(),
      blood_group: optionalText(10),
      address: multilineText(500),
      parent_name: optionalText(),
      parent_phone: optionalText(20),
      parent_email: optionalText(),
    })
    .superRefine(loginRules),
  parents: z
    .object({
      external_id: externalId,
      name: requiredText(),
      ...login,
      /** The students this login may view. */
      student_external_ids: list(externalId),
    })
    .superRefine(loginRules),
  /** A student's place in a batch (section); the batch gives the academic year. */
  enrolments: z.object({
    student_external_id: externalId,
    batch_external_id: externalId,
    roll_no: wholeNumber(0, 100_000).optional(),
  }),
  announcements: z.object({
    external_id: externalId,
    title: requiredText(300),
    description_html: limitText(20_000).min(1, 'is required'),
    /** When it was announced (institute's local time unless an offset is given). */
    announced_at: instant,
    posted_by: optionalText(),
    /** The teacher who posted it; their name is shown when posted_by is empty. */
    teacher_external_id: externalId.optional(),
    /** Sections/batches it is for; empty means everyone. */
    batch_external_ids: list(externalId).optional(),
    is_active: flag.optional(),
    /** The attached file (uploaded through /files), shown with its name and size. */
    file_external_id: externalId.optional(),
    /** The picture shown with the notice (an image uploaded through /files). */
    image_file_external_id: externalId.optional(),
  }),
  assignments: z
    .object({
      external_id: externalId,
      batch_external_id: externalId,
      subject_external_id: externalId,
      title: requiredText(300),
      topic_name: optionalText(),
      description_html: limitText(20_000).optional(),
      due_at: instant,
      is_late_allowed: flag.optional(),
      is_evaluation_required: flag.optional(),
      is_grade_enabled: flag.optional(),
      max_marks: decimal(0, 10_000).optional(),
      /** Releases the solution files to students. */
      is_solution_released: flag.optional(),
      /** The teacher's files students open with the assignment (uploaded through /files), in order. */
      file_external_ids: list(externalId).optional(),
      /** The solution files, shown once is_solution_released is yes. */
      solution_file_external_ids: list(externalId).optional(),
    })
    .refine((row) => row.is_evaluation_required !== false || row.max_marks === undefined, {
      path: ['max_marks'],
      message: 'must be empty when is_evaluation_required is no',
    }),
  /** A teacher's evaluation of one student's work on an assignment (made on paper or in the office system). */
  evaluations: z.object({
    assignment_external_id: externalId,
    student_external_id: externalId,
    marks: decimal(0, 10_000).optional(),
    grade: optionalText(20),
    comment: multilineText(2000),
  }),
  events: z
    .object({
      external_id: externalId,
      /** 1 holiday or event, 2 event with a category, 3 weekly off. */
      event_type: wholeNumber(1, 3),
      /** 1 Academic, 2 Sports, 3 Cultural, 4 Miscellaneous. */
      holiday_type: wholeNumber(1, 4).optional(),
      title: requiredText(300),
      description: multilineText(5000),
      start_date: date,
      end_date: date,
      start_time: time.optional(),
      end_time: time.optional(),
      /** Standards it is for; empty means every standard. */
      standard_external_ids: list(externalId).optional(),
      /** Weekly offs: days of week, 0 Sunday … 6 Saturday. */
      days_of_week: list(wholeNumber(0, 6)).optional(),
    })
    .refine((row) => row.end_date >= row.start_date, { path: ['end_date'], message: 'must not be before start_date' })
    .refine((row) => (row.start_time === undefined) === (row.end_time === undefined), {
      path: ['end_time'],
      message: 'start_time and end_time go together',
    }),
  /** A text message to a phone, shown in that phone's Messages (and queued for the SMS gateway). */
  messages: z.object({
    external_id: externalId,
    phone,
    body: limitText(1000).min(1, 'is required'),
    sent_at: instant.optional(),
  }),
  /**
   * One class session of a batch (section): a classroom class, an online live class (with its meeting provider and
   * the link the Join button opens) or an exam. The timetable and the live classes both show these rows.
   */
  'class-sessions': z
    .object({
      external_id: externalId,
      batch_external_id: externalId,
      /** Empty for an exam over several subjects. */
      subject_external_id: externalId.optional(),
      class_type: z.enum(classTypes, { error: `must be one of ${classTypes.join(', ')}` }),
      /** The session name of a live class, the exam name of an exam. */
      name: optionalText(300),
      topics: multilineText(2000),
      description: multilineText(5000),
      starts_at: instant,
      duration_minutes: wholeNumber(1, 1440),
      /** Teachers in the order the card lists them. */
      teacher_external_ids: list(externalId).optional(),
      /** Online classes: where the class meets, and the link the Join button opens. */
      meeting_with: z.enum(meetingProviders, { error: `must be one of ${meetingProviders.join(', ')}` }).optional(),
      session_link: lineText(2000)
        .regex(/^https?:\/\/\S+$/i, 'must be an http(s) address')
        .optional(),
    })
    .refine((row) => row.class_type === 'Online Class' || (!row.meeting_with && !row.session_link), {
      path: ['meeting_with'],
      message: 'must be empty unless class_type is Online Class',
    })
    .refine((row) => row.class_type !== 'Online Class' || (row.meeting_with && row.session_link), {
      path: ['session_link'],
      message: 'an Online Class needs meeting_with and session_link',
    }),
  /** A student's attendance at one class session: P present, A absent, L leave. */
  attendance: z.object({
    class_session_external_id: externalId,
    student_external_id: externalId,
    status: z.enum(attendanceStatuses, { error: 'must be P (present), A (absent) or L (leave)' }),
    homework_status: optionalText(100),
    remark: multilineText(2000),
    homework_assigned: multilineText(2000),
    note: multilineText(2000),
    topics_covered: multilineText(2000),
  }),
  /**
   * A fee structure of one academic year, for a standard (schools), a batch (coaching) or neither, with its
   * installments: the n-th due date goes with the n-th amount. Amounts are rupees (paise after the point).
   */
  'fee-structures': z
    .object({
      external_id: externalId,
      academic_year_external_id: externalId,
      name: requiredText(),
      standard_external_id: externalId.optional(),
      batch_external_id: externalId.optional(),
      /** The fine an overdue installment is charged; empty for none. */
      late_fine: money.optional(),
      installment_due_dates: list(date),
      installment_amounts: list(money),
    })
    .refine((row) => !(row.standard_external_id && row.batch_external_id), {
      path: ['batch_external_id'],
      message: 'must be empty when standard_external_id is given',
    })
    .refine((row) => row.installment_due_dates.length > 0, {
      path: ['installment_due_dates'],
      message: 'must have at least one date',
    })
    .refine((row) => row.installment_amounts.length === row.installment_due_dates.length, {
      path: ['installment_amounts'],
      message: 'must have one amount per date of installment_due_dates',
    })
    .refine(
      (row) =>
        row.installment_due_dates.every((due, index) => index === 0 || due > row.installment_due_dates[index - 1]!),
      { path: ['installment_due_dates'], message: 'must be in order, each after the one before' },
    ),
  /**
   * A student billed a fee structure: one installment of theirs per installment of the structure, with the
   * discount and tax of each (in installment order; empty means none).
   */
  'student-fees': z.object({
    student_external_id: externalId,
    fee_structure_external_id: externalId,
    discounts: list(money).optional(),
    taxes: list(money).optional(),
  }),
  /**
   * A payment received in the office: the installments (by number) of one fee structure it pays, with the amount and
   * fine paid towards each. Recording it issues the receipt (PDF with its verification QR code) the student sees.
   */
  payments: z
    .object({
      external_id: externalId,
      /** The receipt number printed on the receipt; the external id when empty. Unique in the institute. */
      receipt_no: optionalText(50),
      student_external_id: externalId,
      fee_structure_external_id: externalId,
      /** Cash, Cheque, UPI, Card, Online, … */
      mode: requiredText(50),
      paid_at: instant,
      install_nos: list(wholeNumber(1, 100)),
      amounts: list(money),
      fines: list(money).optional(),
    })
    .refine((row) => receiptNoPattern.test(row.receipt_no || row.external_id), {
      path: ['receipt_no'],
      message: 'must be 1 to 40 letters, digits, - or _ (the external id is used when receipt_no is empty)',
    })
    .refine((row) => row.install_nos.length > 0, {
      path: ['install_nos'],
      message: 'must name at least one installment',
    })
    .refine((row) => new Set(row.install_nos).size === row.install_nos.length, {
      path: ['install_nos'],
      message: 'must not name an installment twice',
    })
    .refine((row) => row.amounts.length === row.install_nos.length, {
      path: ['amounts'],
      message: 'must have one amount per installment of install_nos',
    })
    .refine((row) => row.fines === undefined || row.fines.length === row.install_nos.length, {
      path: ['fines'],
      message: 'must have one fine per installment of install_nos, or be empty',
    })
    .refine((row) => [...row.amounts, ...(row.fines ?? [])].some((amount) => amount > 0), {
      path: ['amounts'],
      message: 'must add up to more than 0',
    }),
  /**
   * A recording of a class session: hosted on Vimeo or VdoCipher (by the provider's video id), or a video file on the
   * portal's storage (host aws, uploaded through /files).
   */
  recordings: z
    .object({
      external_id: externalId,
      class_session_external_id: externalId,
      host: z.enum(recordingHosts, { error: `must be one of ${recordingHosts.join(', ')}` }),
      provider_video_id: optionalText(200),
      file_external_id: externalId.optional(),
      name: requiredText(300),
      duration_seconds: wholeNumber(0, 86_400).optional(),
      recorded_at: instant,
    })
    .superRefine((row, context) => {
      const stored = row.host === 'aws';
      if (stored && !row.file_external_id) {
        context.addIssue({ code: 'custom', path: ['file_external_id'], message: 'is required when host is aws' });
      }
      if (stored && row.provider_video_id) {
        context.addIssue({ code: 'custom', path: ['provider_video_id'], message: 'must be empty when host is aws' });
      }
      if (!stored && !row.provider_video_id) {
        context.addIssue({
          code: 'custom',
          path: ['provider_video_id'],
          message: 'is required for vimeo and vdocipher',
        });
      }
      if (!stored && row.file_external_id) {
        context.addIssue({ code: 'custom', path: ['file_external_id'], message: 'must be empty unless host is aws' });
      }
    }),
  /** A free study library course for the students of a standard. */
  'library-courses': z.object({ external_id: externalId, standard_external_id: externalId, name: requiredText() }),
  'library-subjects': z.object({
    external_id: externalId,
    course_external_id: externalId,
    name: requiredText(),
    sort_order: wholeNumber(0, 100_000).optional(),
  }),
  /** A topic of a library subject: top-level, or a subtopic of another topic of the same subject. */
  'library-topics': z
    .object({
      external_id: externalId,
      subject_external_id: externalId,
      name: requiredText(),
      sort_order: wholeNumber(0, 100_000).optional(),
      /** The topic this one sits under (same subject; it may be a row of the same batch); empty: top level. */
      parent_topic_external_id: externalId.optional(),
    })
    .refine((row) => row.parent_topic_external_id !== row.external_id, {
      path: ['parent_topic_external_id'],
      message: 'must name another topic: a topic cannot be its own parent',
    }),
  /** A hosted video (YouTube, Vimeo or VdoCipher, by the provider's id) or a file (kind file) in a topic. */
  'library-files': z
    .object({
      external_id: externalId,
      topic_external_id: externalId,
      title: requiredText(300),
      /** The group the material list shows it under (Notes, Slides, YoutubeURL, Vimeo, VDOCipher, …). */
      type: requiredText(50),
      kind: z.enum(materialKinds, { error: `must be one of ${materialKinds.join(', ')}` }),
      video_id: optionalText(200),
      file_external_id: externalId.optional(),
      /** Download switched off: the file can be viewed, not saved. */
      is_readonly: flag.optional(),
      /** Poster images shown with the item (images uploaded through /files), in order. */
      poster_file_external_ids: list(externalId).optional(),
      shared_on: date,
    })
    .superRefine(materialSource),
  /**
   * A hosted video or a file (kind file) shared in Documents with the students of a subject or the users of a library
   * course.
   */
  documents: z
    .object({
      external_id: externalId,
      subject_external_id: externalId.optional(),
      course_external_id: externalId.optional(),
      category: z.enum(documentCategories, { error: `must be one of ${documentCategories.join(', ')}` }),
      title: requiredText(300),
      kind: z.enum(materialKinds, { error: `must be one of ${materialKinds.join(', ')}` }),
      video_id: optionalText(200),
      file_external_id: externalId.optional(),
      /** Download switched off: the file can be viewed, not saved. */
      is_readonly: flag.optional(),
      shared_on: date,
    })
    .superRefine(materialSource)
    .refine((row) => !row.subject_external_id !== !row.course_external_id, {
      path: ['subject_external_id'],
      message: 'give either subject_external_id or course_external_id',
    }),
  /**
   * An online test of the exam service, set for some batches (sections): its window, duration, attempt limit and
   * whether its result is released to students (is_result_published: the result release).
   */
  tests: z
    .object({
      external_id: externalId,
      name: requiredText(300),
      title: optionalText(300),
      /** 1 mock, 2 practice, 4 online. */
      test_type: z
        .union([
          z.number(),
          z.string().trim().regex(/^\d+$/, 'must be 1 (mock), 2 (practice) or 4 (online)').transform(Number),
        ])
        .pipe(
          z.union([z.literal(1), z.literal(2), z.literal(4)], {
            error: 'must be 1 (mock), 2 (practice) or 4 (online)',
          }),
        ),
      starts_at: instant,
      ends_at: instant,
      duration_minutes: wholeNumber(1, 1440),
      /** Practice tests: attempts allowed, 0 for no limit. */
      test_limit: wholeNumber(0, 1000).optional(),
      is_result_published: flag.optional(),
      batch_external_ids: list(externalId).optional(),
    })
    .refine((row) => parseInstant(row.ends_at, 0)! > parseInstant(row.starts_at, 0)!, {
      path: ['ends_at'],
      message: 'must be after starts_at',
    }),
  /** A reading passage of a test's paper: its questions name it, and the panel shows it above them. */
  passages: z.object({
    external_id: externalId,
    test_external_id: externalId,
    /** HTML. */
    text: limitText(50_000).min(1, 'is required'),
  }),
  /**
   * A question of a test's paper (single choice, subjective, multiple choice, true/false, matching), in a section
   * (created by name when the test has none of that name), optionally on a passage of the same test. Options are
   * lettered a, b, c… in the order given; a matching question's right column (match_options) p, q, r….
   */
  questions: z
    .object({
      external_id: externalId,
      test_external_id: externalId,
      question_no: wholeNumber(1, 1000),
      section: requiredText(100),
      subject_external_id: externalId.optional(),
      /** 1 single choice, 2 subjective, 3 multiple choice, 5 true/false, 6 and 7 matching (pairs, in order). */
      ques_type: z.union([z.number(), z.string().trim().regex(/^\d+$/, questionTypeRule).transform(Number)]).pipe(
        z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6), z.literal(7)], {
          error: questionTypeRule,
        }),
      ),
      question: limitText(20_000).min(1, 'is required'),
      /** The options, or a matching question's left column. */
      options: list(limitText(2000).min(1, 'is required')).optional(),
      /** A matching question's right column (lettered p, q, r…). */
      match_options: list(limitText(2000).min(1, 'is required')).optional(),
      /**
       * The key: the right option letters (one for single choice and true/false, one or more for multiple choice);
       * matching 6: a pair per option, `a=q|b=p`; matching 7: the right-column letter of each option in order, `q|p`.
       */
      correct: list(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z](=[a-z])?$/, 'must be option letters a, b, c… (or pairs a=p for matching)'),
      ).optional(),
      passage_external_id: externalId.optional(),
      /** A picture or video shown with the question (uploaded through /files). */
      media_file_external_id: externalId.optional(),
      solution: limitText(20_000).optional(),
      marks: decimal(0, 1000),
      negative_marks: decimal(0, 1000).optional(),
    })
    .superRefine((row, context) => {
      const options = row.options ?? [];
      const correct = row.correct ?? [];
      const issue = (field: string, message: string) => context.addIssue({ code: 'custom', path: [field], message });
      const matching = row.ques_type === 6 || row.ques_type === 7;
      if (!matching && (row.match_options ?? []).length > 0) {
        issue('match_options', 'must be empty unless ques_type is 6 or 7 (matching)');
      }
      if (row.ques_type === 2) {
        if (options.length > 0) issue('options', 'must be empty for a subjective question');
        if (correct.length > 0) issue('correct', 'must be empty for a subjective question');
        return;
      }
      if (options.length < 2 || options.length > 26) issue('options', 'must have 2 to 26 options');
      if (row.ques_type === 6 || row.ques_type === 7) {
        return matchingRules(row.ques_type, options.length, row.match_options ?? [], correct, issue);
      }
      if (correct.some((letter) => letter.includes('='))) {
        issue('correct', 'must be option letters a, b, c… (pairs a=p are for matching questions)');
        return;
      }
      if (row.ques_type === 3 ? correct.length === 0 : correct.length !== 1) {
        context.addIssue({
          code: 'custom',
          path: ['correct'],
          message: row.ques_type === 3 ? 'must name at least one option letter' : 'must name exactly one option letter',
        });
      }
      const past = correct.find((letter) => letter.charCodeAt(0) - 97 >= options.length);
      if (past)
        context.addIssue({
          code: 'custom',
          path: ['correct'],
          message: `names option ${past}, which the question does not have`,
        });
    }),
  /**
   * An offline (classroom) exam of a batch (section): its date and times, and its subjects with their total marks
   * (the n-th total goes with the n-th subject). Students' marks in it are offline-results rows.
   */
  'offline-exams': z
    .object({
      external_id: externalId,
      batch_external_id: externalId,
      exam_date: date,
      start_time: clockTime,
      end_time: clockTime,
      topic_name: optionalText(300),
      description: multilineText(5000),
      subjects: list(offlineSubject),
      total_marks: list(decimal(1, 10_000)),
    })
    .refine((row) => row.end_time > row.start_time, { path: ['end_time'], message: 'must be after start_time' })
    .refine((row) => row.subjects.length > 0, { path: ['subjects'], message: 'must name at least one subject' })
    .refine((row) => new Set(row.subjects).size === row.subjects.length, {
      path: ['subjects'],
      message: 'must not name a subject twice',
    })
    .refine((row) => row.total_marks.length === row.subjects.length, {
      path: ['total_marks'],
      message: 'must have one total per subject of subjects',
    }),
  /** A student's result in one subject of an offline exam: present or absent, the marks and the rank. */
  'offline-results': z
    .object({
      offline_exam_external_id: externalId,
      student_external_id: externalId,
      /** One of the exam's subjects. */
      subject: offlineSubject,
      attendance: z.enum(offlineAttendance, { error: 'must be P (present) or A (absent)' }),
      marks: decimal(0, 10_000).optional(),
      rank: wholeNumber(1, 1_000_000).optional(),
    })
    .refine((row) => row.attendance === 'P' || row.marks === undefined, {
      path: ['marks'],
      message: 'must be empty when attendance is A (absent)',
    })
    .refine((row) => row.attendance === 'P' || row.rank === undefined, {
      path: ['rank'],
      message: 'must be empty when attendance is A (absent)',
    }),
} satisfies Record<AdminKind, z.ZodType>;

/** The parsed row of a kind. */
export type AdminRow<K extends AdminKind> = z.output<(typeof adminRowSchemas)[K]>;

/** What names a row for deletion: its external id, or for kinds without one their key fields. */
export const adminKeySchemas = Object.fromEntries(
  adminKinds.map((kind) => {
    const pair = adminPairKeys[kind];
    return [
      kind,
      pair
        ? z.object(Object.fromEntries(pair.map((field) => [field, externalId])))
        : z.object({ external_id: externalId }),
    ];
  }),
) as unknown as Record<AdminKind, z.ZodObject>;

/** The columns of a kind's CSV file: every field of its row schema, in order, and which are required. */
export function adminColumns(kind: AdminKind): { name: string; required: boolean }[] {
  const schema = adminRowSchemas[kind] as unknown as z.ZodObject | { def: { in?: z.ZodType; schema?: z.ZodType } };
  let object: z.ZodType = schema as z.ZodType;
  // Unwrap refinements (a pipe or an effect around the object).
  while (!(object instanceof z.ZodObject)) {
    const def = (object as unknown as { def: { in?: z.ZodType; schema?: z.ZodType } }).def;
    object = (def.in ?? def.schema)!;
  }
  return Object.entries((object as z.ZodObject).shape).map(([name, field]) => ({
    name,
    required: !(field as z.ZodType).safeParse(undefined).success,
  }));
}

const batchRow = z.record(z.string(), z.unknown());

/** The admin key header (the auth hook checks it before the body is read). */
const keyHeaders = z.object({
  'x-api-key': z.string().max(200).meta({ description: 'An admin API key of the institute (npm run admin:key)' }),
});

/** A batch body whose rows are described by the kind's fields (checked row by row: a bad row answers 422). */
const batchBody = (kind: AdminKind, mode: 'upsert' | 'remove') => {
  const fields =
    mode === 'upsert'
      ? adminColumns(kind).map((column) => `${column.name}${column.required ? ' (required)' : ''}`)
      : Object.keys(adminKeySchemas[kind].shape).map((name) => `${name} (required)`);
  return z.object({
    rows: z
      .array(batchRow)
      .min(1, 'must hold at least one row')
      .max(maxBatchRows, `must hold at most ${maxBatchRows} rows`)
      .meta({
        description:
          `Up to ${maxBatchRows} ${kind} rows, written whole or not at all. Fields: ${fields.join(', ')}. ` +
          'Dates DD-MM-YYYY or YYYY-MM-DD; yes/no as true/false; lists as arrays. A bad row answers 422 naming ' +
          'the row (0-based), the field and the rule.',
      }),
  });
};

const rowAction = z.enum(['created', 'updated', 'unchanged', 'deleted', 'restored', 'missing']);

/** The answer of a batch: counts per action, each row's action, and the first passwords of created logins. */
const batchAnswer = z.object({
  kind: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
  restored: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), key: z.string(), action: rowAction })),
  /** Generated first passwords of logins this batch created without a password: shown once, in this answer. */
  passwords: z.array(z.object({ key: z.string(), login: z.string(), password: z.string() })),
});
/** The answer of an admin batch. */
export type AdminBatchAnswer = z.infer<typeof batchAnswer>;
/** What happened to one row. */
export type AdminRowAction = z.infer<typeof rowAction>;

/** The fileJson part of a file upload: the institute's id for the file (its name is the file part's name). */
export const adminFileJsonSchema = z.object({ external_id: externalId });

/** What an upload did: created, replaced (updated) or found the same name and content (unchanged). */
const fileAnswer = z.object({
  external_id: z.string(),
  action: z.enum(['created', 'updated', 'unchanged']),
  file_name: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  /** Rows of other kinds that name the file and now show the new content (on a replace). */
  rows_moved: z.number().int(),
});
/** The answer of a file upload. */
export type AdminFileAnswer = z.infer<typeof fileAnswer>;

const fileDeleteBody = z.object({
  rows: z
    .array(batchRow)
    .min(1, 'must hold at least one row')
    .max(maxBatchRows, `must hold at most ${maxBatchRows} rows`)
    .meta({
      description:
        `Up to ${maxBatchRows} files to delete, each as {external_id}, all or none. A file that a row still ` +
        'names is refused (422 naming the row and what names it).',
    }),
});

/** Each kind's two endpoints bound to their schemas (rows are checked per kind by the handler). */
export const adminContract = bindContract(
  adminEndpoints,
  Object.fromEntries(
    adminKinds.flatMap((kind) => {
      const names = adminEndpointNames(kind);
      return [
        [names.upsert, { headers: keyHeaders, body: batchBody(kind, 'upsert'), answer: batchAnswer }],
        [names.remove, { headers: keyHeaders, body: batchBody(kind, 'remove'), answer: batchAnswer }],
      ];
    }),
  ) as { [K in keyof typeof adminEndpoints]: AdminBatchSchemas },
);

/** The files' upload and delete bound to their schemas. */
export const adminFilesContract = bindContract(adminFileEndpoints, {
  filesUpload: { headers: keyHeaders, multipart: adminFileJsonSchema, answer: fileAnswer },
  filesDelete: { headers: keyHeaders, body: fileDeleteBody, answer: batchAnswer },
});

/** The schemas of the file upload. */
export interface AdminFileUploadSchemas {
  headers: typeof keyHeaders;
  multipart: typeof adminFileJsonSchema;
  answer: typeof fileAnswer;
}

/** The schemas every admin endpoint has. */
export interface AdminBatchSchemas {
  headers: typeof keyHeaders;
  body: ReturnType<typeof batchBody>;
  answer: typeof batchAnswer;
}
