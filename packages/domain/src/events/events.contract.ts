import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { eventsEndpoints } from './events.endpoints.ts';

const id = z.number({ error: 'must be a whole number' }).int().positive();
const isoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
const year = z
  .number({ error: 'year must be a whole number' })
  .int('year must be a whole number')
  .min(1900, 'year must be between 1900 and 2100')
  .max(2100, 'year must be between 1900 and 2100');

/** One event or holiday as listed on a day (spec part 2 §3, Event/holiday item). */
export const eventItemSchema = z.object({
  /** 1 holiday or event, 2 event with its category shown, 3 weekly off. */
  event_type: z.number().int(),
  /** 1 Academic, 2 Sports, 3 Cultural, 4 Miscellaneous; null when the event has no category. */
  holiday_type: z.number().int().nullable(),
  /** The full title; the screen cuts it to 30 characters plus '...' (`truncateEventTitle`). */
  title_name: z.string(),
  /** Short-lived signed address of the attached document, or empty. */
  document_url: z.string(),
  /** `Day,YYYY-MM-DD` of the event's first day (the same on every day it is copied onto). */
  event_start_Date: z.string(),
  /** `Day,YYYY-MM-DD` of the event's last day. */
  event_end_date: z.string(),
  /** Start and end as `Day,YYYY-MM-DD Day,YYYY-MM-DD`. */
  event_date_range: z.string(),
  is_all_day_event: z.boolean(),
  /** `hh:mm AM`, or null when the event has no start time. */
  event_start_time: z.string().nullable(),
  /** `hh:mm AM`, or null when the event has no end time. */
  event_end_time: z.string().nullable(),
  /** Names of the standards it is for; empty means every standard. */
  standardNamesList: z.array(z.string()),
  /** Audience user types (1 Student, 3 Teacher, others Custom User); empty means everyone. */
  userTypeList: z.array(z.number().int()),
  /** The description, or empty. */
  holiday_desc: z.string(),
  /** Weekly offs: the days of week they fall on, 0 Sunday … 6 Saturday; empty for other events. */
  dayOfWeekList: z.array(z.number().int()),
});
/** An event or holiday as listed on a day. */
export type EventItem = z.infer<typeof eventItemSchema>;

/** Events by ISO date (`YYYY-MM-DD`), only days with at least one, dates ascending. */
export const eventsByDaySchema = z.record(z.string(), z.array(eventItemSchema));
/** Events by ISO date. */
export type EventsByDay = z.infer<typeof eventsByDaySchema>;

/** Body of POST /api/v1/holiday_manager/getDetail (spec part 2 §7 Events). */
export const eventDetailBodySchema = z.object({
  institution_id: id,
  month: z
    .number({ error: 'month must be a whole number from 1 to 12' })
    .int('month must be a whole number from 1 to 12')
    .min(1, 'month must be a whole number from 1 to 12')
    .max(12, 'month must be a whole number from 1 to 12'),
  year,
  /** Absent for open-course users, who view no student. */
  student_id: id.optional(),
  /** true for all events; false for 'My Event' (the screen's default). */
  is_all_event_for_student: z.boolean({ error: 'must be true or false' }).default(false),
  /** 0 for every type (what the screen sends); 1–3 keeps one type. */
  event_type: z.number().int().min(0).max(3, 'event_type must be 0, 1, 2 or 3').default(0),
  /** Sent as null by the screen; not used. */
  search_date: z.string().nullable().optional(),
  /** true answers the whole year instead of the month. */
  is_yearly_view: z.boolean({ error: 'must be true or false' }).default(false),
});

/** Body of POST /api/v1/holiday_manager/event_for_timetable (spec part 2 §7 Timetable). */
export const eventsForTimetableBodySchema = z
  .object({
    institution_id: id,
    /** Sent by the timetable; the window below already says which days, so it is only checked. */
    year,
    student_id: id.optional(),
    /** First day of the window, `YYYY-MM-DD`. */
    event_start_Date: isoDate,
    /** Last day of the window, `YYYY-MM-DD`. */
    event_end_date: isoDate,
  })
  .refine((body) => body.event_start_Date <= body.event_end_date, {
    message: 'event_end_date must not be before event_start_Date',
    path: ['event_end_date'],
  })
  // A timetable asks for a month or a year at most; a longer window is refused rather than expanded.
  .refine((body) => Date.parse(body.event_end_date) - Date.parse(body.event_start_Date) <= 366 * 86_400_000, {
    message: 'event_start_Date to event_end_date must span at most 366 days',
    path: ['event_end_date'],
  });

/** Request and answer schemas of each event endpoint. */
export const eventsSchemas = {
  detail: { body: eventDetailBodySchema, answer: eventsByDaySchema },
  forTimetable: { body: eventsForTimetableBodySchema, answer: eventsByDaySchema },
};

/** The event endpoints with their schemas, as the API registers them. */
export const eventsContract = bindContract(eventsEndpoints, eventsSchemas);
