import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** Where a database opened with `logQuery` keeps it for statements sent past drizzle. */
export const rawQueryLogger = Symbol('rawQueryLogger');

/** The Drizzle database, whichever driver sits below it. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * True when `db` is a transaction: its statements share one connection, which runs one at a time. Work that would
 * go side by side on the pool's connections goes one after another there (two nested transactions at once would
 * each open drizzle's `savepoint sp1`, and a rollback of one would undo the other's statements).
 */
export const inTransaction = (db: Db): boolean => db instanceof PgTransaction;

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

const options = { casing: 'snake_case' } as const;

/** True when `error` leaves the connection unusable: anything but a plain SQL error the server answered. */
function breaksConnection(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true; // timeouts, terminated sockets
  const code = error.code ?? '';
  return code.startsWith('57') || code.startsWith('08'); // shutdown, connection exceptions
}

const isBegin = (query: unknown) =>
  /^\s*begin\b/i.test(typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? ''));

/**
 * Hands drizzle a client that survives two drizzle-orm 0.45 defects in pooled transactions (drizzle-orm#6114,
 * #6241, open): BEGIN runs outside its try/finally, so a BEGIN that fails never releases the client, and release()
 * never passes the error, so a client whose query timed out (still busy on the server) goes back to the pool. In
 * an outage either one loses pool slots for good. Drop this when drizzle releases correctly.
 */
export function guardClient(client: pg.PoolClient): pg.PoolClient {
  let broken: Error | undefined;
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return; // pg-pool throws on a second release
    released = true;
    client.release(error instanceof Error ? error : broken);
  };
  const query = async (...args: unknown[]) => {
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (breaksConnection(error)) broken = error as Error;
      if (isBegin(args[0])) release(error as Error); // drizzle will not release it
      throw error;
    }
  };
  return new Proxy(client, {
    get: (target, property) => {
      if (property === 'release') return release;
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export class TransactionSafePool extends pg.Pool {
  // Promise form only is what drizzle calls; pg-pool's own query() uses the callback form, left as it is.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void) {
    if (callback) return super.connect(callback);
    return super.connect().then(guardClient);
  }
}

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
  const pool = new TransactionSafePool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 2000,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
  });
  // A client that loses its server must not crash the process; the next query reports the failure. The pool's
  // listener covers idle clients only: a client checked out between two queries of a transaction emits on itself.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DatabaseUnavailableError(`DATABASE_URL: cannot connect to PostgreSQL (${reason || 'no answer'})`);
  }
  const logger = logQuery ? { logQuery } : undefined;
  const db = drizzleNodePg({ client: pool, ...options, ...(logger ? { logger } : {}) }) as unknown as Db;
  // Statements sent past drizzle (db/prepared.ts sqlRows) are logged too, so the benchmark captures every one.
  if (logQuery) Object.assign(db, { [rawQueryLogger]: logQuery });
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** An open PGlite database; `dumpDataDir` saves its whole data directory as a tarball (the tests' template). */
export interface PgliteDatabase extends Database {
  kind: 'pglite';
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests); `loadDataDir` starts it from a
 * tarball that `dumpDataDir` wrote, instead of an empty cluster.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PgliteDatabase> {
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  return pgliteDatabase(client);
}

/**
 * A database over an open PGlite client, closed by `close` (the client's own close unless given: the tests lend one
 * client to one test after another, test/lent-databases.ts).
 */
export function pgliteDatabase(client: PGlite, close = () => client.close()): PgliteDatabase {
  const db = drizzlePglite({ client, ...options }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close,
    // Uncompressed: the tests load it once per file, where gunzip would cost more than the bytes saved.
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
