import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { dbId, recordingFlagsSchema, recordingSchema } from '../live/live.contract.ts';
import { timetableEndpoints } from './timetable.endpoints.ts';
import { classTypes } from './timetable-rules.ts';

const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
const yesNo = z.enum(['Y', 'N'], { error: 'must be Y or N' });
/** The filters the screen sends as -1 (all); other values are not offered, so they are refused. */
const all = z.coerce
  .number<number | string>()
  .refine((value) => value === -1, 'must be -1')
  .default(-1);
const anyNumber = z.coerce.number<number | string>().int().optional();
const yearSchema = z
  .number({ error: 'year must be a whole number' })
  .int('year must be a whole number')
  .min(1900, 'year must be between 1900 and 2100')
  .max(2100, 'year must be between 1900 and 2100');

/** At most a year between two ISO dates, the later not before the earlier. */
const window = <T extends { startdate: string; enddate: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((body) => body.startdate <= body.enddate, {
      message: 'enddate must not be before startdate',
      path: ['enddate'],
    })
    .refine((body) => Date.parse(body.enddate) - Date.parse(body.startdate) <= 366 * 86_400_000, {
      message: 'startdate to enddate must span at most 366 days',
      path: ['enddate'],
    });

/** Body of POST /api/v2/timeTable/v3 (spec part 2 §7). */
export const timetableBodySchema = window(
  z.object({
    batch_id: all,
    course_id: all,
    standard_id: all,
    subject_id: all,
    teacher_id: all,
    master_course: z.string().max(200).default(''),
    startdate: isoDate,
    enddate: isoDate,
    institute_id: dbId,
    student_id: dbId.optional(),
    user_id: dbId.optional(),
    isCourseStructureTimeTable: yesNo.default('N'),
    isExamIncludedInTimeTable: yesNo.default('N'),
    is_included_online_class: yesNo.default('N'),
    is_included_online_exam: yesNo.default('N'),
  }),
);

/** One schedule (spec part 2 §3 Timetable entry). */
export const timetableEntrySchema = z.object({
  /** `YYYY-MM-DD` in the institute's time zone. */
  date: z.string(),
  /** `hh:mm AM` in the institute's time zone. */
  start_time: z.string(),
  end_time: z.string(),
  /** ISO 8601 instants of start and end (what the screen times Join and the exam status by). */
  start_datetime: z.string(),
  end_datetime: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  class_type: z.enum(classTypes),
  subject_name: z.string(),
  /** The batch (section) as `Standard - Batch`. */
  course: z.string(),
  topics_covered: z.string(),
  /** Teacher names, comma separated. */
  teacher_name: z.string(),
  /** Signed photo addresses, comma separated, in the order of the names. */
  t_photo_url: z.string(),
  /** The student's attendance in this batch so far, in percent. */
  student_attendance_percent: z.number().int(),
  batch_id: z.number().int(),
  session_id: z.number().int(),
  session_name: z.string(),
  session_link: z.string(),
  live_meeting_with: z.string(),
  master_course_name: z.string(),
  product_name: z.string(),
  download_links: z.array(recordingSchema),
  description: z.string(),
  /** Online exams: the test; 0 otherwise. */
  test_id: z.number().int(),
  test_inst_id: z.number().int(),
  /** `YYYY-MM-DD` of the end. */
  end_date: z.string(),
});
export type TimetableEntry = z.infer<typeof timetableEntrySchema>;

export const timetableAnswerSchema = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    result: z.object({
      /** Entries by date (`YYYY-MM-DD`), only dates with any, each day's by start time. */
      batchTimeTableList: z.record(z.string(), z.array(timetableEntrySchema)),
    }),
    /** The server's clock, ISO 8601: the screen times Join and countdowns against it. */
    time: z.string(),
  })
  .extend(recordingFlagsSchema.shape);
export type TimetableAnswer = z.infer<typeof timetableAnswerSchema>;

export const yearCountBodySchema = z.object({
  year: yearSchema,
  institute_id: dbId,
  student_id: dbId.optional(),
  user_id: dbId.optional(),
});

export const yearCountAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  /** Schedules per month, keyed by month number `1`…`12` (every month, 0 when none). */
  result: z.record(z.string(), z.number().int()),
});

export const attendanceBodySchema = window(
  z.object({
    batch_id: dbId,
    /** Sent by the screen; the batch already names the standard. */
    standard_id: anyNumber,
    subject_id: anyNumber,
    teacher_id: anyNumber,
    type: z.coerce.number<number | string>().int().default(1),
    startdate: isoDate,
    enddate: isoDate,
    institute_id: dbId,
    student_id: dbId,
  }),
);

/** One attendance row (spec part 2 §3 Attendance row). */
export const attendanceRowSchema = z.object({
  /** `DD-MM-YYYY`. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** P present; anything else absent (A absent, L leave). */
  status: z.string(),
  custom_class_type: z.string(),
  home_work_status: z.string(),
  remark: z.string(),
  homework_assigned: z.string(),
  attendance_note: z.string(),
  topics_covered: z.string(),
});
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;

export const attendanceAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.array(attendanceRowSchema),
});

const feedParams = z.object({ institute_id: dbId, student_id: dbId });

export const feedStatusAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.object({
    active: z.boolean(),
    /** ISO 8601 instant the current address was made, or null without one. */
    created_at: z.string().nullable(),
    /** The address: only in the answer that makes it (the server keeps a hash, not the secret). */
    feed_url: z.string().nullable(),
  }),
});
export type FeedStatus = z.infer<typeof feedStatusAnswerSchema>['result'];

/** Request and answer schemas of each timetable endpoint. */
export const timetableSchemas = {
  timetable: { body: timetableBodySchema, answer: timetableAnswerSchema },
  yearCount: { body: yearCountBodySchema, answer: yearCountAnswerSchema },
  attendance: {
    params: z.object({ student_id: dbId, batch_id: dbId }),
    body: attendanceBodySchema,
    answer: attendanceAnswerSchema,
  },
  feedStatus: { params: feedParams, answer: feedStatusAnswerSchema },
  feedCreate: { params: feedParams, answer: feedStatusAnswerSchema },
  feedRevoke: { params: feedParams, answer: feedStatusAnswerSchema },
  feed: {
    params: z.object({ secret: z.string().min(1).max(200) }),
    // The calendar itself, text/calendar.
    answer: z.unknown(),
  },
};

/** The timetable endpoints with their schemas, as the API registers them. */
export const timetableContract = bindContract(timetableEndpoints, timetableSchemas);
