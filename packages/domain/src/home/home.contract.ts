import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { homeEndpoints } from './home.endpoints.ts';

export const bannerSchema = z.object({
  web_url: z.string(),
  is_redir: z.boolean(),
  red_link: z.string(),
  land_scr: z.string(),
  /** The banner's own words (its headline) for screen readers; empty when the institute gave none. */
  alt_text: z.string(),
});

/** Answer of GET /api/v1/banner-prom/for_student/{userType}. */
export const bannersAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.object({ banner: z.array(bannerSchema), prom: z.object({ web_url: z.string() }).nullable() }),
});

/** One announcement; dates and times in the institute's time zone, ready to show and to search. */
export const announcementSchema = z.object({
  ancmnt_title: z.string(),
  description: z.string(),
  updated_by: z.string(),
  /** DD-MM-YYYY hh:mm AM/PM */
  updated_date: z.string(),
  /** DD-MM-YYYY */
  announced_date: z.string(),
  /** hh:mm AM/PM */
  announced_time: z.string(),
  batch_sec_names: z.string(),
  /** Short-lived signed address, or empty. */
  announcement_img_url: z.string(),
  file_name: z.string(),
  /** Short-lived signed download address, or empty. */
  file_url: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Query of the announcement fetch: student_id for students and parents, none for open-course users. */
export const announcementQuerySchema = z.object({
  is_active: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  student_id: z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive().optional(),
});

/** Answer of GET /api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/{instituteId}: `data.result`. */
export const announcementsAnswerSchema = z.object({ data: z.object({ result: z.array(announcementSchema) }) });

/** Request and answer schemas of each home endpoint. */
export const homeSchemas = {
  banners: {
    params: z.object({ userType: z.coerce.number<number | string>({ error: 'must be a whole number' }).int() }),
    answer: bannersAnswerSchema,
  },
  announcements: {
    params: z.object({
      instituteId: z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive(),
    }),
    query: announcementQuerySchema,
    answer: announcementsAnswerSchema,
  },
};

/** The home endpoints with their schemas, as the API registers them. */
export const homeContract = bindContract(homeEndpoints, homeSchemas);
