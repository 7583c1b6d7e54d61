// Statements over many rows at once, for the areas' writers and the admin API's batches: one array parameter per
// column however many rows, so a batch of thousands is one statement that plans like one row.
import { and, count, eq, getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgEnumColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * `column = any($1::type[])`: one array parameter however many values, where drizzle's inArray sends one parameter
 * per value (thousands per batch here).
 */
export const anyOf = (column: PgColumn, values: readonly unknown[]) =>
  sql`${column} = any(${sql.param([...values])}::${sql.raw(column.getSQLType())}[])`;

/** Rows or ids in chunks, so no statement carries more parameters than PostgreSQL takes (65,535). */
export function chunks<T>(items: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Which of `keys` (stored objects' keys) a column of an institute's rows holds, each once: how an area says which
 * uploaded files its rows still show. `where` narrows the rows (an assignment's own files, not a student's).
 */
export async function keysHeld(
  db: Db,
  columns: { key: PgColumn; instituteId: PgColumn },
  instituteId: number,
  keys: readonly string[],
  where?: SQL,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = (await db
    .selectDistinct({ key: columns.key })
    .from(columns.key.table)
    .where(and(eq(columns.instituteId, instituteId), anyOf(columns.key, keys), where))) as { key: string }[];
  return rows.map((row) => row.key);
}

/**
 * How many of an institute's rows name each of `ids` in column `by` (a session's marks, a test's attempts), for the
 * rules that keep a row others still name; ids no row names are absent.
 */
export async function countsBy(
  db: Db,
  columns: { by: PgColumn; instituteId: PgColumn },
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const part of chunks(ids, 5000)) {
    const rows = (await db
      .select({ id: columns.by, total: count() })
      .from(columns.by.table)
      .where(and(eq(columns.instituteId, instituteId), anyOf(columns.by, part)))
      .groupBy(columns.by)) as { id: number; total: number }[];
    for (const row of rows) counts.set(row.id, row.total);
  }
  return counts;
}

/** The rows of a raw statement (node-postgres answers `{ rows }`, PGlite the rows). */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** An array as PostgreSQL's array literal (`{1,2}`; text quoted, `"` and `\` escaped), for a text[] parameter. */
function arrayLiteral(value: readonly unknown[]): string {
  const element = (item: unknown) =>
    item === null || item === undefined
      ? 'NULL'
      : typeof item === 'number'
        ? String(item)
        : `"${String(item).replace(/[\\"]/g, '\\$&')}"`;
  return `{${value.map(element).join(',')}}`;
}

/**
 * The value of a column a row leaves out of an insert: the column's default (as DEFAULT in a VALUES list), else null.
 * A default PostgreSQL computes (now(), a sequence) cannot go in an array: such a column is given by every row or none.
 */
function defaultOf(table: PgTable, column: PgColumn, key: string): unknown {
  if (column.defaultFn) return column.defaultFn();
  if (column.default === undefined) return null;
  if (is(column.default, SQL)) throw new Error(`${getTableName(table)}: give ${key} in every row or in none`);
  return column.default;
}

/**
 * Rows as one array parameter per column (`$1::int[], $2::text[], …`, in the order of `keys`), for
 * `unnest(…) as u(c0, c1, …)`: building and planning a 1,000-row VALUES list costs more than the write itself.
 * An array column (integer[]) goes as a text[] of array literals and is cast back after unnest (`cast`): unnest
 * would flatten an array of arrays. `defaults`: a row that leaves a column out gets its default, else null.
 */
function columnArrays(
  table: PgTable,
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
  { defaults }: { defaults: boolean },
) {
  return keys.map((key) => {
    const column = (table as unknown as Record<string, PgColumn>)[key];
    if (!column) throw new Error(`${getTableName(table)}: no column ${key}`);
    const type = column.getSQLType();
    const ofArrays = type.endsWith('[]');
    const values = rows.map((row) => {
      const value = row[key] === undefined ? (defaults ? defaultOf(table, column, key) : null) : row[key];
      // Dates as ISO text: a driver writes a Date inside an array parameter as Date.toString(), which drops the zone.
      if (value instanceof Date) return value.toISOString();
      return ofArrays && Array.isArray(value) ? arrayLiteral(value) : value;
    });
    return {
      name: `"${snakeCase(key)}"`,
      // Enum arrays go as text[] first: PGlite knows no array type of an enum to send them as.
      array: ofArrays
        ? sql`${sql.param(values)}::text[]`
        : sql`${sql.param(values)}${sql.raw(is(column, PgEnumColumn) ? '::text[]' : '')}::${sql.raw(type)}[]`,
      cast: ofArrays ? `::${type}` : '',
    };
  });
}

/** Every key some row gives, in the order they first appear. */
const keysOf = (rows: readonly Record<string, unknown>[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))];

const aliasList = (count: number) => Array.from({ length: count }, (_item, index) => `c${index}`);

/**
 * Inserts many rows in one statement (`insert … select from unnest($1::int[], …)`). Answers the new ids in the order
 * of `rows` when `returningId` (rows are inserted in ordinality order). A column some rows leave out takes its
 * default in those.
 */
export async function insertRows(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  { returningId = false }: { returningId?: boolean } = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = columnArrays(table, keysOf(rows), rows, { defaults: true });
  const aliases = aliasList(columns.length);
  const selected = columns.map((column, index) => `${aliases[index]}${column.cast}`).join(', ');
  const query = sql`insert into ${table} (${sql.raw(columns.map((column) => column.name).join(', '))})
    select ${sql.raw(selected)} from unnest(${sql.join(
      columns.map((column) => column.array),
      sql`, `,
    )}) with ordinality as u(${sql.raw(aliases.join(', '))}, ord)
    order by ord${sql.raw(returningId ? ' returning id' : '')}`;
  const result = (await db.execute(query)) as unknown as { rows?: { id: number }[] } & { id: number }[];
  return returningId ? (result.rows ?? result).map((row) => Number(row.id)) : [];
}

/**
 * Updates many rows, each to its own values, in one statement (`update … from unnest(…)`): the row to change is
 * found by the columns named in `keys` (its institute among them), every other column of the rows is set.
 */
export async function updateRows(
  db: Db,
  table: PgTable,
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!);
  const columns = columnArrays(table, names, rows, { defaults: false });
  const aliases = aliasList(columns.length);
  const assign = (match: boolean) =>
    columns
      .filter((_column, index) => keys.includes(names[index]!) === match)
      .map((column) => `${column.name} = u.${aliases[columns.indexOf(column)]}${column.cast}`);
  if (keys.some((key) => !names.includes(key))) throw new Error(`updateRows: every row needs ${keys.join(', ')}`);
  await db.execute(sql`update ${table} set ${sql.raw(assign(false).join(', '))}
    from unnest(${sql.join(
      columns.map((column) => column.array),
      sql`, `,
    )}) as u(${sql.raw(aliases.join(', '))})
    where ${sql.raw(assign(true).join(' and '))}`);
}

/** `(a, b) in (pairs)` with the pairs as two array parameters, however many there are. */
export const pairIn = (columns: readonly [PgColumn, PgColumn], pairs: readonly (readonly [number, number])[]) =>
  sql`(${columns[0]}, ${columns[1]}) in (select * from unnest(${sql.param(pairs.map((pair) => pair[0]))}::${sql.raw(
    columns[0].getSQLType(),
  )}[], ${sql.param(pairs.map((pair) => pair[1]))}::${sql.raw(columns[1].getSQLType())}[]))`;
