import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTimetableSessions } from '../features/timetable/index.ts';
import { openPglite, type PgliteDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

describe('runMigrations on a new PGlite database', () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await openPglite();
    await runMigrations(database);
  });
  afterAll(() => database.close());

  it('sends an array of a type the migrations made (class_type[]) as an array', async () => {
    // A server started on an empty data directory: the timetable's month asks for its class types this way.
    const rows = await findTimetableSessions(database.db, {
      instituteId: 1,
      batchIds: [1],
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
      types: ['Class', 'Online Class'],
    });
    expect(rows).toEqual([]);
  });
});
