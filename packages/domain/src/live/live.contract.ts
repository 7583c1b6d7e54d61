import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { liveEndpoints } from './live.endpoints.ts';
import { liveCategory, videoHosts } from './live-rules.ts';

/** A database id: a positive whole number that fits PostgreSQL's integer. */
export const dbId = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');

/** `DD-MM-YYYY`, as the live-class list sends its dates. */
const displayDate = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'must be a date DD-MM-YYYY');

/** One recording of a live class (spec part 1 §3, download_links entry). */
export const recordingSchema = z.object({
  download_id: z.number().int(),
  /** Where it plays from: aws (this server's storage), vimeo or vdocipher. */
  video_host: z.enum(videoHosts),
  /** vdocipher: the provider's video id; '' otherwise. */
  video_id: z.string(),
  /** vimeo: the provider's video id; '' otherwise. */
  vimeo_video_id: z.string(),
  view_list_session_name: z.string(),
  session_name: z.string(),
  /** ISO 8601 instant the class was recorded. */
  recording_date_time: z.string(),
  /** Length as `hh:mm:ss`. */
  video_duration: z.string(),
  /** Length in seconds. */
  duration: z.number().int(),
  /** Size in MB with 2 decimals. */
  video_size: z.string(),
  /** ISO 8601 instant it was uploaded. */
  recording_uploaded_on: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;

/** One live class (spec part 1 §3 Live session). */
export const liveSessionSchema = z.object({
  session_id: z.number().int(),
  session_name: z.string(),
  /** The batch (section) it is for, as `Standard - Batch`. */
  course_list: z.array(z.object({ course_name: z.string() })),
  /** ISO 8601 instants. */
  start_datetime: z.string(),
  end_datetime: z.string(),
  /** Teacher names, comma separated. */
  teachersName: z.string(),
  /** Signed photo addresses, comma separated, in the order of the names ('' for a teacher without one). */
  t_photo_url: z.string(),
  live_meeting_with: z.string(),
  session_link: z.string(),
  download_links: z.array(recordingSchema),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

/** Body of POST /api/v1/meeting_manager/getMeetingV2/{institute_id} (spec part 1 §7). */
export const meetingsBodySchema = z
  .object({
    institution_id: dbId,
    user_id: dbId,
    page_offset: z.number().int().min(0).default(0),
    /** -1: all. */
    page_size: z.number().int().min(-1).default(-1),
    /** 1 today or upcoming, 2 past. */
    live_future_past: z.union([z.literal(1), z.literal(2)], { error: 'live_future_past must be 1 or 2' }),
    category: z.literal(liveCategory, { error: `category must be ${liveCategory}` }).default(liveCategory),
    from_date: displayDate,
    /** May be null: upcoming without an end. */
    to_date: displayDate.nullable().optional(),
  })
  .strip();

/** The three recording flags every list answer carries (spec part 1 §3). */
export const recordingFlagsSchema = z.object({
  /** 1: recordings may be viewed. */
  view_proctur_live_recorded_session: z.number().int(),
  /** 1: vimeo recordings may be downloaded. */
  vimeo_video_downlodable: z.number().int(),
  /** 1 view only, 2 download only, 3 view and download. */
  proctur_live_view_or_download_visibility: z.number().int(),
});

export const meetingsAnswerSchema = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    upcomingLiveClasses: z.array(liveSessionSchema).optional(),
    pastLiveClasses: z.array(liveSessionSchema).optional(),
  })
  .extend(recordingFlagsSchema.shape);
export type MeetingsAnswer = z.infer<typeof meetingsAnswerSchema>;

const one = z.literal('1').optional();

export const sessionStartAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.object({
    allow_start_session: z.boolean(),
    /** The link to open once allowed; '' before the start. */
    session_link: z.string(),
  }),
});

/** `?type=1` answer of the recording download: a short-lived address that serves the file with HTTP Range. */
export const recordingAddressSchema = z.object({ video_url: z.string() });

/** Request and answer schemas of each live-class endpoint. */
export const liveSchemas = {
  meetings: {
    params: z.object({ institute_id: dbId }),
    body: meetingsBodySchema,
    answer: meetingsAnswerSchema,
  },
  sessionStart: {
    params: z.object({ instituteId: dbId, sessionId: dbId }),
    query: z.object({ isZoomLiveClass: one, isWebexLiveClass: one }),
    answer: sessionStartAnswerSchema,
  },
  recordingDownload: {
    params: z.object({ instituteId: dbId, downloadId: dbId }),
    query: z.object({ type: one }),
    // The file itself (streamed), or with ?type=1 `{ video_url }` (recordingAddressSchema).
    answer: z.unknown(),
  },
};

/** The live-class endpoints with their schemas, as the API registers them. */
export const liveContract = bindContract(liveEndpoints, liveSchemas);
