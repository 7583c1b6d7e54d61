// The events area's writer (issue 29): the one module that creates and changes the institute's calendar events,
// for the admin API, the demo seed and the test factories, in the caller's transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyOf } from '../../db/bulk.ts';
import { events } from '../../db/schema/events.ts';

/** An event as written: a one-day event ends the day it starts unless told. */
export type EventValues = Omit<typeof events.$inferInsert, 'instituteId' | 'id' | 'endDate'> & { endDate?: string };

/** An event as stored. */
export type StoredEvent = typeof events.$inferSelect;

/** A local time as the database reads it back (`9:30` → `09:30:00`), so a row written again compares equal. */
const storedTime = (time: string | null | undefined) =>
  time ? `${time.padStart(5, '0')}${time.length <= 5 ? ':00' : ''}` : null;

/** A sorted set of ids or days, as stored. */
const sortedSet = (values: readonly number[] | undefined) => [...new Set(values ?? [])].sort((a, b) => a - b);

/**
 * An event's columns with the calendar's rules: it is all-day unless it has a start time (or says otherwise), ends
 * the day it starts unless told, and holds its standards and weekdays once each, in order.
 */
export function eventColumns(values: EventValues) {
  return {
    ...values,
    endDate: values.endDate ?? values.startDate,
    isAllDay: values.isAllDay ?? !values.startTime,
    startTime: storedTime(values.startTime),
    endTime: storedTime(values.endTime),
    standardIds: sortedSet(values.standardIds),
    daysOfWeek: sortedSet(values.daysOfWeek),
  };
}

/** Events by id. */
export async function findEvents(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, StoredEvent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.instituteId, instituteId), anyOf(events.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Creates events; answers their ids in the order given. */
export async function createEvents(db: Db, instituteId: number, values: readonly EventValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(events)
    .values(values.map((event) => ({ instituteId, ...eventColumns(event) })))
    .returning({ id: events.id });
  // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
  return rows.map((row) => row.id);
}

/** Changes an event. */
export async function updateEvent(db: Db, instituteId: number, id: number, values: EventValues): Promise<void> {
  await db
    .update(events)
    .set(eventColumns(values))
    .where(and(eq(events.instituteId, instituteId), eq(events.id, id)));
}

/** Deletes events for good. */
export async function deleteEvents(db: Db, instituteId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(events).where(and(eq(events.instituteId, instituteId), anyOf(events.id, ids)));
}
