import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createPostgresDatabase } from './helpers.ts';

type Rows = { rows: unknown[] };

/** Tables, columns with their types, constraints and index definitions of the public schema. */
async function describeSchema(database: Database) {
  const columns = await database.db.execute(sql`
    select table_name, column_name, data_type, is_nullable, column_default, is_identity
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`);
  // Not-null constraints are left out: PostgreSQL 18 (PGlite) lists them here, 15 does not; is_nullable covers them.
  const constraints = await database.db.execute(sql`
    select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where connamespace = 'public'::regnamespace and contype <> 'n' order by conname`);
  const indexes = await database.db.execute(sql`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`);
  const enums = await database.db.execute(sql`
    select t.typname, e.enumlabel from pg_type t join pg_enum e on e.enumtypid = t.oid order by t.typname, e.enumsortorder`);
  const rows = (result: unknown) => (result as Rows).rows;
  return { columns: rows(columns), constraints: rows(constraints), indexes: rows(indexes), enums: rows(enums) };
}

describe('migrations', () => {
  let pglite: Database;
  let postgres: Database;
  beforeAll(async () => {
    pglite = await openPglite();
    postgres = await createPostgresDatabase();
    await runMigrations(pglite);
    await runMigrations(postgres);
  });
  afterAll(async () => {
    await pglite.close();
    await postgres.close();
  });

  it('build the same schema on PGlite and on PostgreSQL', async () => {
    const onPglite = await describeSchema(pglite);
    const onPostgres = await describeSchema(postgres);
    expect(onPglite.columns.length).toBeGreaterThan(30);
    expect(onPostgres).toEqual(onPglite);
  });

  it('run again without changing anything', async () => {
    const before = await describeSchema(postgres);
    await runMigrations(postgres);
    expect(await describeSchema(postgres)).toEqual(before);
  });
});
