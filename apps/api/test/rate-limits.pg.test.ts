import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createPostgresDatabase } from './helpers.ts';
import { fireLogins, freshAddress, isLimitRefusal, startTwoProcesses } from './rate-limit-kit.ts';

/**
 * The per-address login limit (30 a minute) under real parallel requests to two listening app instances, each with
 * its own connection pool to one PostgreSQL database, as two API processes would be. Counted in process memory,
 * each would let 30 through (40 in all here).
 */
describe('POST /api/v2/user/v3/login limited per address across two API processes on PostgreSQL', () => {
  let database: Database;
  let secondPool: Database;
  let processes: Awaited<ReturnType<typeof startTwoProcesses>>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    await runMigrations(database);
    // The second process's own pool, to the same database.
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    secondPool = await openPostgres(url, { poolSize: 4 });
    processes = await startTwoProcesses([database, secondPool]);
  });
  afterAll(async () => {
    await processes.close();
    await secondPool.close();
    await database.close();
  });

  it('lets exactly 30 of 40 parallel attempts from one address through; the rest get the limit answer', async () => {
    const attempts = await fireLogins(processes.bases, freshAddress(), 40);
    const passed = attempts.filter((attempt) => !isLimitRefusal(attempt));
    const refused = attempts.filter(isLimitRefusal);
    expect(passed.map((attempt) => attempt.status)).toEqual(Array(30).fill(401));
    expect(refused).toHaveLength(10);
    // Both processes answered, and both refused: the count is one.
    expect(new Set(attempts.map((attempt) => attempt.base)).size).toBe(2);
    for (const attempt of refused) {
      expect(attempt.body.code).toBe('TOO_MANY_REQUESTS');
      expect(attempt.headers.get('x-ratelimit-limit')).toBe('30');
      expect(attempt.headers.get('x-ratelimit-remaining')).toBe('0');
      // fixedNow is 06:30:00: the whole minute remains.
      expect(attempt.headers.get('retry-after')).toBe('60');
    }
    const remaining = passed
      .map((attempt) => Number(attempt.headers.get('x-ratelimit-remaining')))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, index) => index));
  });
});
