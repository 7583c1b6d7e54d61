import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, time } from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';

/**
 * Events and holidays of an institute's calendar (spec part 2 §2.6, §3): holidays and events (type 1), events with
 * a category (2), weekly offs (3). Read by "events of an institute overlapping a date range".
 */
export const events = pgTable(
  'events',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    /** 1 holiday or event, 2 event with category, 3 weekly off. */
    eventType: smallint().notNull(),
    /** 1 Academic, 2 Sports, 3 Cultural, 4 Miscellaneous; null for none. */
    holidayType: smallint(),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** Storage key of an attached document, served only through signed addresses. */
    documentFileKey: text(),
    documentName: text(),
    isAllDay: boolean().notNull().default(true),
    /** Calendar dates in the institute's time zone; a weekly off applies between them. */
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** Local times of the institute, for events that are not all day. */
    startTime: time(),
    endTime: time(),
    /** Audience user types (1 Student, 3 Teacher, …); empty means everyone. */
    userTypes: smallint().array().notNull().default([]),
    /** Standards it is for; empty means every standard. */
    standardIds: integer().array().notNull().default([]),
    /** Weekly offs: days of week, 0 Sunday … 6 Saturday. */
    daysOfWeek: smallint().array().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    // Overlap with a window: start_date <= window end and end_date >= window start, within one institute.
    index().on(t.instituteId, t.startDate, t.endDate),
    check('events_event_type', sql`${t.eventType} in (1, 2, 3)`),
    check('events_holiday_type', sql`${t.holidayType} is null or ${t.holidayType} between 1 and 4`),
    check('events_date_order', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
