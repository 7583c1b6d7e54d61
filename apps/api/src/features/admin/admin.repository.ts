import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgEnumColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { adminAudit, adminExternalIds, institutes } from '../../db/schema/index.ts';

/** The mapping of one external id: the portal row it names, and whether it is soft-deleted. */
export interface ExternalIdRow {
  externalId: string;
  internalId: number;
  deletedAt: Date | null;
}

/** The mappings of `externalIds` of one kind (chunked, so a batch of thousands is a few index scans). */
export async function findExternalIds(
  db: Db,
  instituteId: number,
  kind: string,
  externalIds: readonly string[],
): Promise<Map<string, ExternalIdRow>> {
  const found = new Map<string, ExternalIdRow>();
  const unique = [...new Set(externalIds)];
  for (let start = 0; start < unique.length; start += 50_000) {
    const rows = await db
      .select({
        externalId: adminExternalIds.externalId,
        internalId: adminExternalIds.internalId,
        deletedAt: adminExternalIds.deletedAt,
      })
      .from(adminExternalIds)
      .where(
        and(
          eq(adminExternalIds.instituteId, instituteId),
          eq(adminExternalIds.kind, kind),
          anyOf(adminExternalIds.externalId, unique.slice(start, start + 50_000)),
        ),
      );
    for (const row of rows) found.set(row.externalId, row);
  }
  return found;
}

/**
 * `column = any($1::type[])`: one array parameter however many values, where drizzle's inArray sends one parameter
 * per value (thousands per batch here).
 */
export const anyOf = (column: PgColumn, values: readonly unknown[]) =>
  sql`${column} = any(${sql.param([...values])}::${sql.raw(column.getSQLType())}[])`;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Rows as one array parameter per column (`$1::int[], $2::text[], …`, in the order of `keys`), for
 * `unnest(…) as u(c0, c1, …)`: building and planning a 1,000-row VALUES list costs more than the write itself.
 */
function columnArrays(table: PgTable, keys: readonly string[], rows: readonly Record<string, unknown>[]) {
  return keys.map((key) => {
    const column = (table as unknown as Record<string, PgColumn>)[key];
    if (!column) throw new Error(`${getTableName(table)}: no column ${key}`);
    return {
      name: `"${snakeCase(key)}"`,
      // Dates as ISO text: a driver writes a Date inside an array parameter as Date.toString(), which drops the
      // zone. Enum arrays go as text[] first: PGlite knows no array type of an enum to send them as.
      array: sql`${sql.param(rows.map((row) => (row[key] instanceof Date ? row[key].toISOString() : (row[key] ?? null))))}${sql.raw(is(column, PgEnumColumn) ? '::text[]' : '')}::${sql.raw(column.getSQLType())}[]`,
    };
  });
}

const aliasList = (count: number) => Array.from({ length: count }, (_item, index) => `c${index}`);

/**
 * Inserts many rows in one statement (`insert … select from unnest($1::int[], …)`). Answers the new ids in the order
 * of `rows` when `returningId` (rows are inserted in ordinality order).
 */
export async function insertRows(
  db: Db,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  { returningId = false }: { returningId?: boolean } = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = columnArrays(table, Object.keys(rows[0]!), rows);
  const aliases = aliasList(columns.length).join(', ');
  const query = sql`insert into ${table} (${sql.raw(columns.map((column) => column.name).join(', '))})
    select ${sql.raw(aliases)} from unnest(${sql.join(
      columns.map((column) => column.array),
      sql`, `,
    )}) with ordinality as u(${sql.raw(aliases)}, ord)
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
  const columns = columnArrays(table, names, rows);
  const aliases = aliasList(columns.length);
  const assign = (match: boolean) =>
    columns
      .filter((_column, index) => keys.includes(names[index]!) === match)
      .map((column) => `${column.name} = u.${aliases[columns.indexOf(column)]}`);
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

/** Records the external ids of rows just created. */
export async function insertExternalIds(
  db: Db,
  instituteId: number,
  kind: string,
  rows: readonly { externalId: string; internalId: number }[],
): Promise<void> {
  await insertRows(
    db,
    adminExternalIds,
    rows.map((row) => ({ instituteId, kind, externalId: row.externalId, internalId: row.internalId })),
  );
}

/** Marks external ids deleted (soft) or restored (`at` null). */
export async function setExternalIdsDeleted(
  db: Db,
  instituteId: number,
  kind: string,
  externalIds: readonly string[],
  at: Date | null,
): Promise<void> {
  if (externalIds.length === 0) return;
  await db
    .update(adminExternalIds)
    .set({ deletedAt: at })
    .where(
      and(
        eq(adminExternalIds.instituteId, instituteId),
        eq(adminExternalIds.kind, kind),
        anyOf(adminExternalIds.externalId, [...externalIds]),
      ),
    );
}

/** Forgets external ids whose rows were deleted for good. */
export async function deleteExternalIds(
  db: Db,
  instituteId: number,
  kind: string,
  externalIds: readonly string[],
): Promise<void> {
  if (externalIds.length === 0) return;
  await db
    .delete(adminExternalIds)
    .where(
      and(
        eq(adminExternalIds.instituteId, instituteId),
        eq(adminExternalIds.kind, kind),
        anyOf(adminExternalIds.externalId, [...externalIds]),
      ),
    );
}

/** Writes the audit rows of one batch. */
export async function insertAuditRows(db: Db, rows: (typeof adminAudit.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = ['instituteId', 'keyId', 'source', 'at', 'kind', 'action', 'externalId', 'beforeId', 'afterId'] as const;
  await insertRows(
    db,
    adminAudit,
    rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key] ?? null]))),
  );
}

/** The institute's time zone (dates and times in rows are its local time). */
export async function findInstituteTimeZone(db: Db, instituteId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: institutes.timeZone })
    .from(institutes)
    .where(eq(institutes.id, instituteId));
  return row?.timeZone ?? 'Asia/Kolkata';
}
