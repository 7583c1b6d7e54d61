import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInstitute } from '../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';
import { databaseRateLimitStore, openRateLimitStore, rateLimitCleanupBatch } from './rate-limit-store.ts';

const minute = 60_000;

/** One request counted by `store`, as the plugin counts it. */
const hit = (store: FastifyRateLimitStore, key: string, timeWindow = minute) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, 30),
  );

/** The count `store` reads without counting. */
const peek = (store: FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] }, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read!(key, (error, result) => (error ? reject(error) : resolve(result!)), minute, 30),
  );

/** A route's store, as the plugin asks for one per limited route. */
const routeStore = (store: FastifyRateLimitStore, url: string) =>
  store.child({ routeInfo: { method: 'POST', url } } as never);

describe('the per-address limits counted in the database (rate_limit_hits)', () => {
  let database: Database;
  let clock: Date;
  let store: FastifyRateLimitStore;
  let login: FastifyRateLimitStore;

  beforeAll(async () => {
    database = await createMigratedDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(rateLimitHits);
    clock = new Date('2026-11-21T06:30:15Z');
    const Store = databaseRateLimitStore(database.db, () => clock);
    store = new Store({});
    login = routeStore(store, '/api/v2/user/v3/login');
  });

  const rows = async () =>
    (await database.db.select().from(rateLimitHits).orderBy(rateLimitHits.key, rateLimitHits.windowStart)).map(
      (row) => ({ key: row.key, windowStart: row.windowStart.toISOString(), hits: row.hits }),
    );

  it('counts each route and address on its own and answers what remains of the minute by the app clock', async () => {
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 1, ttl: 45_000 });
    clock = new Date('2026-11-21T06:30:40.250Z');
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 2, ttl: 19_750 });
    expect(await hit(login, '10.0.0.2')).toEqual({ current: 1, ttl: 19_750 });
    expect(await hit(routeStore(store, '/prod/ext/sso/login'), '10.0.0.1')).toEqual({ current: 1, ttl: 19_750 });
    // A second store on the same database (another API process) adds to the same count.
    const OtherProcess = databaseRateLimitStore(database.db, () => clock);
    expect(await hit(routeStore(new OtherProcess({}), '/api/v2/user/v3/login'), '10.0.0.1')).toEqual({
      current: 3,
      ttl: 19_750,
    });
    expect(await peek(login as never, '10.0.0.1')).toEqual({ current: 3, ttl: 19_750 });
    expect(await peek(login as never, '10.0.0.9')).toEqual({ current: 0, ttl: 0 });
    expect(await rows()).toEqual([
      { key: 'POST/api/v2/user/v3/login-10.0.0.1', windowStart: '2026-11-21T06:30:00.000Z', hits: 3 },
      { key: 'POST/api/v2/user/v3/login-10.0.0.2', windowStart: '2026-11-21T06:30:00.000Z', hits: 1 },
      { key: 'POST/prod/ext/sso/login-10.0.0.1', windowStart: '2026-11-21T06:30:00.000Z', hits: 1 },
    ]);
  });

  it('starts again at 1 when the next minute starts', async () => {
    for (let count = 1; count <= 31; count += 1) expect((await hit(login, '10.0.0.1')).current).toBe(count);
    clock = new Date('2026-11-21T06:30:59.999Z');
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 32, ttl: 1 });
    clock = new Date('2026-11-21T06:31:00Z');
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 1, ttl: minute });
    // A longer window keeps counting across the minute.
    const hourly = routeStore(store, '/hourly');
    clock = new Date('2026-11-21T06:59:00Z');
    expect(await hit(hourly, '10.0.0.1', 60 * minute)).toEqual({ current: 1, ttl: minute });
    clock = new Date('2026-11-21T06:59:30Z');
    expect(await hit(hourly, '10.0.0.1', 60 * minute)).toEqual({ current: 2, ttl: 30_000 });
  });

  it('removes the counters of ended windows at the first request of a new window, and no others', async () => {
    await hit(login, '10.0.0.1');
    await hit(login, '10.0.0.2');
    const hourly = routeStore(store, '/hourly');
    await hit(hourly, '10.0.0.1', 60 * minute);
    clock = new Date('2026-11-21T06:31:05Z');
    await hit(login, '10.0.0.3');
    expect(await rows()).toEqual([
      { key: 'POST/api/v2/user/v3/login-10.0.0.3', windowStart: '2026-11-21T06:31:00.000Z', hits: 1 },
      // Its hour has not ended.
      { key: 'POST/hourly-10.0.0.1', windowStart: '2026-11-21T06:00:00.000Z', hits: 1 },
    ]);
  });

  it('removes a backlog of ended windows a bounded batch per request until it is gone', async () => {
    const backlog = 2 * rateLimitCleanupBatch + 500;
    await database.db.execute(sql`insert into rate_limit_hits (key, window_start, expires_at, hits)
      select 'POST/api/v2/user/v3/login-10.1.' || n, '2026-11-21T06:29:00Z', '2026-11-21T06:30:00Z', 1
      from generate_series(1, ${backlog}) n`);
    const counted = async () => (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).length;
    // The first request of the window removes one batch; while a batch comes back full, the next request cleans again.
    await hit(login, '10.0.0.1');
    expect(await counted()).toBe(backlog - rateLimitCleanupBatch + 1);
    await hit(login, '10.0.0.1');
    expect(await counted()).toBe(backlog - 2 * rateLimitCleanupBatch + 1);
    await hit(login, '10.0.0.1');
    expect(await counted()).toBe(1);
    // Caught up: later requests of the window run no clean-up (an ended row added now stays until the next window).
    await database.db.execute(sql`insert into rate_limit_hits (key, window_start, expires_at, hits)
      values ('POST/x-10.2.0.1', '2026-11-21T06:29:00Z', '2026-11-21T06:30:00Z', 1)`);
    await hit(login, '10.0.0.1');
    expect(await counted()).toBe(2);
    clock = new Date('2026-11-21T06:31:00Z');
    await hit(login, '10.0.0.1');
    expect(await rows()).toEqual([
      { key: 'POST/api/v2/user/v3/login-10.0.0.1', windowStart: '2026-11-21T06:31:00.000Z', hits: 1 },
    ]);
  });
});

describe('POST /api/v2/user/v3/login limited per address across app instances on one database', () => {
  let database: Database;
  let clock: Date;
  const apps: App[] = [];

  // No demo: one institute at localhost; the logins name nobody, so each is a plain 401 (no lock-out builds up).
  beforeAll(async () => {
    database = await createMigratedDatabase();
    await createInstitute(database.db, { host: 'localhost' });
    for (let index = 0; index < 2; index += 1) {
      apps.push(
        await createTestApp({
          // The database is closed once, below, not by each app.
          database: { ...database, close: async () => undefined },
          now: () => clock,
          rateLimits: { loginPerMinute: 3 },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  const attempt = (index: number, address: string) =>
    apps[index % 2]!.inject({
      method: 'POST',
      url: '/api/v2/user/v3/login',
      remoteAddress: address,
      headers: { host: 'localhost' },
      payload: { user_name: `nobody-${index}`, password: 'wrong', device_id: 'limit-test', source: 'WEB' },
    });

  it('refuses the fourth attempt of the minute whichever instance takes it, and lets the address in again the next minute', async () => {
    clock = new Date('2026-11-21T06:30:20Z');
    for (let index = 0; index < 3; index += 1) {
      const answer = await attempt(index, '10.9.0.1');
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(2 - index));
    }
    clock = new Date('2026-11-21T06:30:35.500Z');
    const refused = await attempt(3, '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded, retry in 25 seconds' });
    expect(refused.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '25',
      'retry-after': '25',
    });
    // Another address is not limited.
    expect((await attempt(4, '10.9.0.2')).statusCode).toBe(401);
    clock = new Date('2026-11-21T06:31:00Z');
    const again = await attempt(5, '10.9.0.1');
    expect(again.statusCode).toBe(401);
    expect(again.headers).toMatchObject({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '60' });
  });
});

describe('REDIS_URL', () => {
  it('stops start-up with one line, without the URL, when Redis does not answer', async () => {
    const opening = openRateLimitStore({
      // Nothing listens on port 1.
      redisUrl: 'redis://:secret@127.0.0.1:1',
      db: undefined as never,
      now: () => new Date(),
      log: { warn: () => undefined } as never,
    });
    await expect(opening).rejects.toThrow(/^Redis at REDIS_URL does not answer: .*ECONNREFUSED/);
    await expect(opening).rejects.not.toThrow(/secret/);
  });
});
