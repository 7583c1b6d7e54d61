import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type PgliteDatabase } from '../src/db/client.ts';

/**
 * Migrated in-memory PGlite databases, lent to one test after another in a worker. Opening one from the run's
 * tarball unpacks a 40 MB data folder and starts PostgreSQL in WebAssembly: 0.3-0.6 s, 95 times in the PGlite pass,
 * about a third of that pass's CPU (session 29). Emptying one for the next test takes a few milliseconds. A test
 * sees what a fresh open gives: no rows, every identity from 1, no session state. A database comes back only when its
 * schema is still the migrated one (no test changes it today; one that does gets a fresh database after it), and
 * the handle a test closed answers as a closed PGlite does, so nothing it left running writes into the next test's.
 */

/** What a lender knows of the migrated schema: its tables, and a fingerprint of the catalog to compare on return. */
interface Migrated {
  tables: string;
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
const tablesQuery = `select string_agg(format('%I.%I', schemaname, tablename), ', ' order by schemaname, tablename)
  as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`;

const fingerprintOf = async (client: PGlite) =>
  (await client.query<{ fingerprint: string }>(fingerprintQuery)).rows[0]!.fingerprint;

/** Lends migrated databases opened from `dump` (a `dumpDataDir` tarball with no rows), keeping those given back. */
export function pgliteLender(dump: () => Promise<Blob>) {
  const idle: PGlite[] = [];
  let migrated: Promise<Migrated> | undefined;

  async function open(): Promise<PGlite> {
    const client = await PGlite.create({ loadDataDir: await dump() });
    migrated ??= (async () => ({
      tables: (await client.query<{ tables: string }>(tablesQuery)).rows[0]!.tables,
      fingerprint: await fingerprintOf(client),
    }))();
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
      await client.exec(`truncate ${tables} restart identity cascade`);
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
        if (await emptied(client)) idle.push(client);
        else await client.close();
      });
    },
  };
}
