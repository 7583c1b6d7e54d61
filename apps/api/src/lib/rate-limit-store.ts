import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { countRateLimitHit, deleteExpiredRateLimitHits, findRateLimitHits } from './rate-limits.repository.ts';

// Where the per-address limits (login, forgot password, SSO exchange) count, so that every API process counts against
// one total: in the database by default, in Redis when REDIS_URL is set. In process memory (the plugin's own store)
// an address would get the limit once per process.

/** Expired counters removed by one clean-up statement: it stays short however many addresses came by. */
export const rateLimitCleanupBatch = 1000;

/** The start of the fixed window of `timeWindow` ms that holds `at` (windows are aligned on the epoch). */
export const rateLimitWindowStart = (at: number, timeWindow: number) => Math.floor(at / timeWindow) * timeWindow;

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type Hits = { current: number; ttl: number };

/** What the stores of one app share: the database, the app's clock and when expired counters were last removed. */
interface StoreContext {
  db: Db;
  now: () => Date;
  /** The window start (ms) at which the clean-up last ran. */
  cleanedAt: number;
  /** The last clean-up removed a whole batch: more expired rows may wait, so the next request cleans again. */
  isBehind: boolean;
}

/**
 * Counts in the table `rate_limit_hits`: one row per limit key (route and address) and fixed window, incremented by
 * one atomic upsert per request (lib/rate-limits.repository.ts). The window is the route's `timeWindow`, aligned on
 * the epoch, so every process puts a request in the same row; `ttl` is what remains of the window by the app's
 * clock, which the plugin turns into `x-ratelimit-reset` and `retry-after`.
 *
 * Expired rows are removed by the first request of each new window in this process (and, while a clean-up removes
 * a whole batch, by the following ones until it removes less), a bounded delete before its count. No timer to
 * start or stop, nothing when idle, at most one extra statement a window per process, and under a flood of new
 * addresses each request removes up to a batch while adding at most one row, so the table cannot grow unbounded.
 */
class DatabaseRateLimitStore implements FastifyRateLimitStore {
  readonly #context: StoreContext;
  readonly #prefix: string;

  constructor(context: StoreContext, prefix = '') {
    this.#context = context;
    this.#prefix = prefix;
  }

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    this.#count(this.#prefix + key, timeWindow).then(
      (hits) => callback(null, hits),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** The count without counting this request (the plugin's `createRateLimit(...)(request, { increment: false })`). */
  read(key: string, callback: IncrCallback, timeWindow: number): void {
    const at = this.#context.now().getTime();
    const start = rateLimitWindowStart(at, timeWindow);
    findRateLimitHits(this.#context.db, this.#prefix + key, new Date(start)).then(
      (current) => callback(null, { current, ttl: current === 0 ? 0 : start + timeWindow - at }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** The store of one route: its keys carry the route, as the plugin's Redis store names them. */
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    const route = (routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } }).routeInfo;
    return new DatabaseRateLimitStore(this.#context, `${this.#prefix}${String(route.method)}${route.url}-`);
  }

  async #count(key: string, timeWindow: number): Promise<Hits> {
    const context = this.#context;
    const now = context.now();
    const at = now.getTime();
    const start = rateLimitWindowStart(at, timeWindow);
    const end = start + timeWindow;
    if (start > context.cleanedAt || context.isBehind) {
      // Claimed before the await, so requests arriving meanwhile do not clean too.
      context.cleanedAt = Math.max(context.cleanedAt, start);
      context.isBehind = false;
      const removed = await deleteExpiredRateLimitHits(context.db, now, rateLimitCleanupBatch);
      if (removed === rateLimitCleanupBatch) context.isBehind = true;
    }
    const current = await countRateLimitHit(context.db, key, new Date(start), new Date(end));
    return { current, ttl: end - at };
  }
}

/** A store class for @fastify/rate-limit's `store` option, counting in `db` by the clock `now`. */
export function databaseRateLimitStore(db: Db, now: () => Date): FastifyRateLimitStoreCtor {
  const context: StoreContext = { db, now, cleanedAt: Number.NEGATIVE_INFINITY, isBehind: false };
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(context);
    }
  };
}

/** Redis keys of the limits start with this (the plugin adds the route and the address). */
export const redisRateLimitNamespace = 'campus-rate-limit-';

/**
 * True when a limit could not be counted because Redis went away after start-up: ioredis gave up on the command
 * (its one retry spent) or the connection is closed. An outage (503, retry later), not a bug (500); the request is
 * refused, not let through uncounted, so an outage opens no door to guessing passwords.
 */
export function isRedisUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.name === 'MaxRetriesPerRequestError') return true;
    if (/^(Connection is closed\.|Stream isn't writeable)/.test(current.message)) return true;
  }
  return false;
}

/** Raised when REDIS_URL is set but Redis does not answer at start-up; the message is one line. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** The plugin's options for the store, and how to let it go when the app closes. */
export interface RateLimitStore {
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  close(): Promise<void>;
}

/**
 * The configured store: Redis at `redisUrl` through the plugin's own Redis support (one Lua script a request:
 * INCR, and PEXPIRE on the first), else the database. Redis must answer at start-up, as the database must; later a
 * command waits for one reconnection at most, then fails, and the limited request with it (no request passes
 * uncounted).
 */
export async function openRateLimitStore({
  redisUrl,
  db,
  now,
  log,
}: {
  redisUrl: string | undefined;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<RateLimitStore> {
  if (redisUrl === undefined) {
    return { options: { store: databaseRateLimitStore(db, now) }, close: async () => undefined };
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  // One line per outage, not one per reconnection attempt; a failure to start is said by the error below.
  let isReported = true;
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (!isReported) log.warn({ err: error }, 'Redis (per-address limits) is unreachable');
    isReported = true;
  });
  redis.on('ready', () => {
    isReported = false;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // The socket's error (ECONNREFUSED, ENOTFOUND) says more than "Connection is closed". The URL may hold a
    // password: it is not repeated.
    const reason = (lastError ?? (error instanceof Error ? error : new Error(String(error)))).message;
    throw new RedisUnavailableError(`Redis at REDIS_URL does not answer: ${reason}`);
  }
  return {
    options: { redis, nameSpace: redisRateLimitNamespace },
    close: async () => {
      // QUIT waits for the replies still due; a connection already gone is just dropped.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
