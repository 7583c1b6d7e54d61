import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rawQueryLogger, type Db } from './client.ts';

/** A named placeholder of a prepared query (`p('instituteId')`), filled by the values given at run time. */
export const p = (name: string) => sql.placeholder(name);

/** Anything drizzle can run later with values for its placeholders. */
interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * A query built once per database and run as a named prepared statement (on PostgreSQL each connection parses and
 * plans it once). `build` gets the database and returns drizzle's `.prepare(name)`; values go in as placeholders.
 */
export function prepared<R>(build: (db: Db) => Runnable<R>) {
  const built = new WeakMap<Db, Runnable<R>>();
  return (db: Db, values?: Record<string, unknown>): Promise<R> => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query.execute(values);
  };
}

interface PgliteClient {
  query<T>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * Hand-written SQL through the driver below drizzle, for the few statements on every request (the session lookup)
 * where building through drizzle costs more than it gives. Named, so PostgreSQL prepares it once per connection.
 */
export async function sqlRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const { $client: client, [rawQueryLogger]: log } = db as unknown as {
    $client: pg.Pool | PgliteClient;
    [rawQueryLogger]?: (text: string, params: unknown[]) => void;
  };
  log?.(text, values);
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<T>(text, values)).rows;
}
