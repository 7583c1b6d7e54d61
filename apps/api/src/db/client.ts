import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The Drizzle database, whichever driver sits below it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to check and close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Raised when the database cannot be reached at start-up; the message is one line. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

const options = { schema, casing: 'snake_case' } as const;

/** Opens PostgreSQL at `url`, failing fast with a one-line message when it does not answer. */
export async function openPostgres(
  url: string,
  {
    poolSize = 10,
    logQuery,
    queryTimeoutMs = 15_000,
  }: {
    poolSize?: number;
    logQuery?: (query: string, params: unknown[]) => void;
    /** Requests fail fast in an outage; bulk jobs (the benchmark's data) pass 0 for none. */
    queryTimeoutMs?: number;
  } = {},
): Promise<Database> {
  // Short connect and query timeouts: during an outage a request fails fast with 503 instead of hanging.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 2000,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports the failure.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DatabaseUnavailableError(`DATABASE_URL: cannot connect to PostgreSQL (${reason || 'no answer'})`);
  }
  const logger = logQuery ? { logQuery } : undefined;
  const db = drizzleNodePg({ client: pool, ...options, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite({ client, ...options }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
