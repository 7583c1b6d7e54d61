// Test rows of the events area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import type { events } from '../../src/db/schema/events.ts';
import * as eventsWriter from '../../src/features/events/index.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** An event or holiday of the institute: a one-day all-day holiday (type 1) on the institute's today unless told. */
export async function createEvent(
  db: Db,
  institute: TestInstitute,
  overrides: Partial<Omit<typeof events.$inferInsert, 'instituteId'>> = {},
) {
  const [eventId] = await eventsWriter.createEvents(db, institute.id, [
    { eventType: 1, title: `Test Event ${nextNumber()}`, startDate: institute.today, ...overrides },
  ]);
  return eventId!;
}
