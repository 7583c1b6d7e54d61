import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase } from '../../test/helpers.ts';
import type { Database, Db } from './client.ts';

/**
 * Keeps the schema distributable by `institute_id`, as Citus would distribute it (issue 30, "the path past one
 * PostgreSQL"; docs/scaling.md). A tenant table is one with an `institute_id` column. For each:
 * - its primary key starts with institute_id, and so does every unique constraint and unique index on it (a
 *   distributed table can only enforce uniqueness that includes the distribution column);
 * - every foreign key to another tenant table pairs institute_id with institute_id (a foreign key between
 *   distributed tables must include the distribution column on both sides, so both rows live on one shard).
 * Tables without institute_id are global (reference tables under Citus, or bookkeeping): they are listed, not
 * checked. A global table that references a tenant table is a violation too (a reference table cannot reference a
 * distributed one).
 */

/**
 * Known violations, each with its reason. The test fails on a violation missing from this list AND on an entry that
 * no longer matches a violation, so the list shrinks as the schema is fixed and cannot rot.
 * Keys: `pk <table>`, `unique <table>.<index>`, `fk <table>.<constraint>`, `global-fk <table>.<constraint>`.
 */
const exceptions: Record<string, string> = {
  // Global by design: these answer which institute a request belongs to, so they are read before any institute is
  // known. Under Citus they stay global (reference tables, small and rarely written), not distributed.
  'pk institute_hosts':
    'global by design: host -> institute lookup at sign-in and on every request (access/institute-hosts.repository.ts)',
  'pk institute_api_keys':
    'global by design: the SSO key alone names its institute (access/session.repository.ts findInstituteIdByApiKey)',
  'unique admin_api_keys.admin_api_keys_key_hash_index':
    'global by design: the admin key alone names its institute (access/admin-key.repository.ts useAdminKey)',
};

/** Schemas that hold the application's tables (drizzle's bookkeeping lives in its own `drizzle` schema). */
const appSchemas = ['public'];

interface TableRow {
  table: string;
  tenant: boolean;
}
interface KeyRow {
  table: string;
  name: string;
  kind: 'p' | 'u';
  first: string | null;
}
interface ForeignKeyRow {
  table: string;
  name: string;
  target: string;
  columns: string[];
  targetColumns: string[];
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: T[] };

/** Every ordinary or partitioned table of the app schemas, and whether it has an institute_id column. */
async function readTables(db: Db): Promise<TableRow[]> {
  const { rows: tables } = await rows<TableRow>(
    db,
    sql`select c.relname as "table",
          exists (select 1 from pg_attribute a
                  where a.attrelid = c.oid and a.attname = 'institute_id' and a.attnum > 0 and not a.attisdropped)
            as "tenant"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in (${sql.join(
          appSchemas.map((s) => sql`${s}`),
          sql`, `,
        )}) and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  return tables;
}

/** The primary key and every unique index (constraint or not, partial or not), with its first column. */
async function readKeys(db: Db): Promise<KeyRow[]> {
  const { rows: keys } = await rows<KeyRow>(
    db,
    sql`select t.relname as "table", i.relname as "name",
          case when x.indisprimary then 'p' else 'u' end as "kind",
          (select a.attname from pg_attribute a where a.attrelid = t.oid and a.attnum = x.indkey[0]) as "first"
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname in (${sql.join(
          appSchemas.map((s) => sql`${s}`),
          sql`, `,
        )}) and (x.indisunique or x.indisprimary)
        order by t.relname, i.relname`,
  );
  return keys;
}

/** Every foreign key of the app schemas, with its columns and the referenced columns in order. */
async function readForeignKeys(db: Db): Promise<ForeignKeyRow[]> {
  const { rows: keys } = await rows<ForeignKeyRow>(
    db,
    sql`select t.relname as "table", c.conname as "name", r.relname as "target",
          array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, i)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.i) as "columns",
          array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, i)
                join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.i)
            as "targetColumns"
        from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        join pg_class r on r.oid = c.confrelid
        join pg_namespace n on n.oid = t.relnamespace
        where c.contype = 'f' and n.nspname in (${sql.join(
          appSchemas.map((s) => sql`${s}`),
          sql`, `,
        )})
        order by t.relname, c.conname`,
  );
  return keys;
}

/** Tables outside the app schemas (drizzle's migration bookkeeping, a job queue's own schema), counted by schema. */
async function readOtherSchemas(db: Db): Promise<string[]> {
  const { rows: schemas } = await rows<{ schema: string; tables: number }>(
    db,
    sql`select n.nspname as "schema", count(*)::int as "tables"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and n.nspname not in (${sql.join(
            appSchemas.map((s) => sql`${s}`),
            sql`, `,
          )}, 'information_schema', 'pg_catalog', 'pg_toast')
        group by n.nspname order by n.nspname`,
  );
  return schemas.map(({ schema, tables }) => `${schema} (${tables} ${tables === 1 ? 'table' : 'tables'})`);
}

/** What the catalog shows: the violations (keyed as in `exceptions`) and the counts for the summary. */
async function checkDistributable(db: Db) {
  const tables = await readTables(db);
  const tenant = new Set(tables.filter((t) => t.tenant).map((t) => t.table));
  const global = tables.filter((t) => !t.tenant).map((t) => t.table);
  const violations = new Map<string, string>();

  const keys = await readKeys(db);
  for (const table of tenant) {
    const primary = keys.find((k) => k.table === table && k.kind === 'p');
    if (!primary) violations.set(`pk ${table}`, 'no primary key');
    else if (primary.first !== 'institute_id')
      violations.set(`pk ${table}`, `primary key ${primary.name} starts with ${primary.first ?? 'an expression'}`);
  }
  let uniqueChecked = 0;
  for (const key of keys.filter((k) => k.kind === 'u' && tenant.has(k.table))) {
    uniqueChecked += 1;
    if (key.first !== 'institute_id')
      violations.set(`unique ${key.table}.${key.name}`, `starts with ${key.first ?? 'an expression'}`);
  }

  const foreignKeys = await readForeignKeys(db);
  let foreignChecked = 0;
  for (const key of foreignKeys) {
    const pairsInstitute = key.columns.some(
      (column, i) => column === 'institute_id' && key.targetColumns[i] === 'institute_id',
    );
    const describe = `(${key.columns.join(', ')}) -> ${key.target} (${key.targetColumns.join(', ')})`;
    if (tenant.has(key.table) && tenant.has(key.target)) {
      foreignChecked += 1;
      if (!pairsInstitute) violations.set(`fk ${key.table}.${key.name}`, describe);
    } else if (!tenant.has(key.table) && tenant.has(key.target)) {
      foreignChecked += 1;
      violations.set(`global-fk ${key.table}.${key.name}`, `a global table references a tenant table: ${describe}`);
    }
  }
  const otherSchemas = await readOtherSchemas(db);
  return { tenant: [...tenant], global, otherSchemas, uniqueChecked, foreignChecked, violations };
}

describe('the schema stays distributable by institute_id (Citus-style)', () => {
  let database: Database;
  let result: Awaited<ReturnType<typeof checkDistributable>>;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    result = await checkDistributable(database.db);
    console.log(
      `distributable schema: ${result.tenant.length} tenant tables, ${result.foreignChecked} foreign keys checked, ` +
        `${result.uniqueChecked} unique keys checked, ${Object.keys(exceptions).length} exceptions; ` +
        `global tables: ${result.global.join(', ') || 'none'}; ` +
        `outside public, not checked: ${result.otherSchemas.join(', ') || 'none'}`,
    );
  });
  afterAll(() => database.close());

  it('finds tenant tables to check', () => {
    expect(result.tenant.length).toBeGreaterThan(10);
  });

  it('keys every tenant table by (institute_id, ...) and keeps tenant foreign keys within one institute', () => {
    const unlisted = [...result.violations].filter(([key]) => !(key in exceptions)).map(([k, why]) => `${k}: ${why}`);
    expect(unlisted).toEqual([]);
  });

  it('lists no exception that no longer exists (remove an entry once its table is fixed)', () => {
    expect(Object.keys(exceptions).filter((key) => !result.violations.has(key))).toEqual([]);
  });
});
