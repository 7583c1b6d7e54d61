import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { batches } from '../../db/schema/academics.ts';
import { events } from '../../db/schema/events.ts';

const eventsQuery = prepared((db) =>
  db
    .select({
      eventType: events.eventType,
      holidayType: events.holidayType,
      title: events.title,
      description: events.description,
      documentFileKey: events.documentFileKey,
      documentName: events.documentName,
      isAllDay: events.isAllDay,
      startDate: events.startDate,
      endDate: events.endDate,
      startTime: events.startTime,
      endTime: events.endTime,
      userTypes: events.userTypes,
      standardIds: events.standardIds,
      daysOfWeek: events.daysOfWeek,
      // Written out in full: Drizzle leaves column names unqualified inside a selected sql fragment.
      standardNames: sql<string[]>`array(
        select s.name from standards s
        where s.institute_id = "events"."institute_id" and s.id = any("events"."standard_ids")
        order by s.name)`,
    })
    .from(events)
    .where(
      and(
        eq(events.instituteId, p('instituteId')),
        // Overlaps the window; served by the (institute_id, start_date, end_date) index.
        lte(events.startDate, p('to')),
        gte(events.endDate, p('from')),
      ),
    )
    .orderBy(asc(events.startDate), asc(events.startTime), asc(events.id))
    .prepare('events_overlapping'),
);

/** An event row as the rules and the answer read it. */
export type EventRow = Awaited<ReturnType<typeof findEventsOverlapping>>[number];

/** Every event and holiday of an institute overlapping `from`–`to` (ISO dates, both included), first first. */
export const findEventsOverlapping = (db: Db, instituteId: number, from: string, to: string) =>
  eventsQuery(db, { instituteId, from, to });

const standardsQuery = prepared((db) =>
  db
    .selectDistinct({ standardId: batches.standardId })
    .from(batches)
    .where(and(eq(batches.instituteId, p('instituteId')), sql`${batches.id} = any(${p('batchIds')})`))
    .prepare('events_batch_standards'),
);

/** The standards of the given batches (a student's sections this year). */
export async function findStandardIdsOfBatches(db: Db, instituteId: number, batchIds: number[]): Promise<number[]> {
  if (batchIds.length === 0) return [];
  return (await standardsQuery(db, { instituteId, batchIds })).map((row) => row.standardId);
}
