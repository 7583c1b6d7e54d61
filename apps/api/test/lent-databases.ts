import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, pgliteDatabase, type Database, type PgliteDatabase } from '../src/db/client.ts';

/**
 * Migrated databases with no rows, lent to one test after another in a worker instead of made anew for each (session
 * 29). A test sees what a new one gives: no rows, every identity from 1, no session state. A database comes back only
 * when its schema is still the migrated one (no test changes it today; one that does gets a new database after it),
 * and a test's closed handle answers as closed, so nothing it left running writes into the next test's.
 * - PGlite: opening one from the run's tarball unpacks a 40 MB data folder and starts PostgreSQL in WebAssembly,
 *   0.3-0.6 s, 95 times in the PGlite pass (a third of its CPU); emptying one takes milliseconds.
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE` copies every page of the template, catalogs included, through the WAL, and
 *   `DROP DATABASE` removes its files: 133 copies and 147 drops in the PostgreSQL pass, half of its CPU in PostgreSQL's
 *   own processes (88 of 176 s). Deleting the few rows a test wrote takes milliseconds (TRUNCATE, which swaps every
 *   table's files, took 0.5 s there).
 */

/** What a lender knows of the migrated schema: its tables, and a fingerprint of the catalog to compare on return. */
interface Migrated {
  tables: string[];
  fingerprint: string;
}

// Enough of the catalog that a created, dropped or altered table, column, index, constraint, function, trigger or
// type changes it; TRUNCATE (new relfilenodes, same rows in pg_class) does not.
const fingerprintQuery = `select concat_ws('/',
  (select count(*) from pg_class), (select max(oid) from pg_class),
  (select count(*) from pg_attribute where not attisdropped), (select count(*) from pg_attribute where attisdropped),
  (select count(*) from pg_constraint), (select count(*) from pg_proc), (select count(*) from pg_trigger),
  (select count(*) from pg_type), (select count(*) from pg_namespace)) as fingerprint`;

// Every table of the app's schemas; drizzle's own (its migration journal) stays as migrated.
const tablesQuery = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by schemaname, tablename`;

/** A client of either kind, as far as the checks below use it. */
type Queried = { query(statement: string): Promise<{ rows: unknown[] }> };

const fingerprintOf = async (client: Queried) =>
  ((await client.query(fingerprintQuery)).rows[0] as { fingerprint: string }).fingerprint;

/** What a new database's schema is, read once per lender from the first one made. */
const migratedOf = async (client: Queried): Promise<Migrated> => ({
  tables: ((await client.query(tablesQuery)).rows as { name: string }[]).map((row) => row.name),
  fingerprint: await fingerprintOf(client),
});

/**
 * The most given-back databases a worker keeps: a file that holds several at once (one app per test, closed at the
 * end) would otherwise keep each PGlite's 150-300 MB of WebAssembly memory for the rest of the worker's run.
 */
const keptIdle = 2;

// Every identity back to its start, as in a new database.
const restartIdentities = `select setval(format('%I.%I', schemaname, sequencename), start_value, false)
  from pg_sequences where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`;

/** Lends migrated databases opened from `dump` (a `dumpDataDir` tarball with no rows), keeping those given back. */
export function pgliteLender(dump: () => Promise<Blob>) {
  const idle: PGlite[] = [];
  let migrated: Promise<Migrated> | undefined;

  async function open(): Promise<PGlite> {
    const client = await PGlite.create({ loadDataDir: await dump() });
    migrated ??= migratedOf(client);
    await migrated;
    return client;
  }

  /** Empties a given-back client for the next test; false when it cannot be (its schema changed, or it failed). */
  async function emptied(client: PGlite): Promise<boolean> {
    try {
      // Session state: settings, prepared statements, temporary tables, advisory locks.
      await client.exec('discard all');
      const { tables, fingerprint } = await migrated!;
      if ((await fingerprintOf(client)) !== fingerprint) return false;
      await client.exec(`truncate ${tables.join(', ')} restart identity cascade`);
      return true;
    } catch {
      return false;
    }
  }

  return {
    async lend(): Promise<PgliteDatabase> {
      const client = idle.pop() ?? (await open());
      let lent = true;
      // The test's handle: the client while lent; after its close, every call fails as on a closed PGlite.
      const handle = new Proxy(client, {
        get(target, property) {
          if (property === 'closed') return !lent || target.closed;
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (!lent) throw new Error('PGlite is closed');
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return pgliteDatabase(handle, async () => {
        if (!lent) return;
        lent = false;
        if ((await emptied(client)) && idle.length < keptIdle) idle.push(client);
        else await client.close();
      });
    },
  };
}

/** True once `client` is the only connection to its database, checked every 10 ms for up to a second. */
async function alone(client: pg.Client): Promise<boolean> {
  for (let check = 0; check < 100; check += 1) {
    const others = await client.query<{ count: string }>(
      `select count(*) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others.rows[0]!.count === '0') return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/**
 * Lends migrated PostgreSQL databases named `prefix` + a random suffix, each made by `create` (a copy of the run's
 * migrated template) when none is free, keeping those given back; the run's end drops them (test/template.ts).
 */
export function postgresLender({
  prefix,
  create,
  urlOf,
  drop,
}: {
  prefix: () => string;
  create: (name: string) => Promise<void>;
  urlOf: (name: string) => string;
  drop: (name: string) => Promise<unknown>;
}) {
  const idle: string[] = [];
  let migrated: Promise<Migrated> | undefined;

  /** Runs `work` on a connection of its own to `name`. */
  async function connected<T>(name: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: urlOf(name) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function fresh(): Promise<string> {
    const name = `${prefix()}${randomBytes(6).toString('hex')}`;
    await create(name);
    migrated ??= connected(name, migratedOf);
    await migrated;
    return name;
  }

  /** Empties a given-back database for the next test; false when it cannot be (see `pgliteLender`). */
  function emptied(name: string): Promise<boolean> {
    return connected(name, async (client) => {
      // A connection the test's pool did not hold (a process it started on the database, still running) could write
      // after the rows are gone: such a database is dropped, as every database was before.
      // The test's own connections end as its pool closes, their processes a moment later: wait for that (up to a
      // second, checking every 10 ms); one still there after is not the pool's.
      if (!(await alone(client))) return false;
      const { tables, fingerprint } = await migrated!;
      if ((await fingerprintOf(client)) !== fingerprint) return false;
      // Replica mode skips the foreign keys' checks (superuser only; refused, the database is dropped instead).
      const deletes = tables.map((table) => `delete from ${table};`).join(' ');
      await client.query(
        `begin; set local session_replication_role = replica; ${deletes} ${restartIdentities}; commit`,
      );
      return true;
    }).catch(() => false);
  }

  return {
    async lend(): Promise<Database> {
      const name = idle.pop() ?? (await fresh());
      // A pool of its own for each test (the next test's connections start with no session state).
      const database = await openPostgres(urlOf(name), { poolSize: 4 });
      let lent = true;
      return {
        ...database,
        close: async () => {
          if (!lent) return;
          lent = false;
          await database.close();
          if ((await emptied(name)) && idle.length < keptIdle) idle.push(name);
          else await drop(name);
        },
      };
    },
  };
}
