// Rows of one institute's table found by their id: what an area's writer does with a table that has no rule of its
// own beyond its columns (academic years, standards). The writer names the table and adds its rules; the admin API
// and the seed call the writer, never this.
import { and, eq, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { anyOf, chunks, pairIn } from './bulk.ts';
import type { Db } from './client.ts';

type IdTable = PgTable & { instituteId: PgColumn; id: PgColumn };

/** Find, create, change and delete rows of `table` within an institute, by id, in the caller's transaction. */
export function instituteRows<T extends IdTable>(table: T) {
  type Values = Omit<InferInsertModel<T>, 'instituteId' | 'id'>;
  type Stored = InferSelectModel<T> & { id: number };
  const byIds = (instituteId: number, ids: readonly number[]) =>
    and(eq(table.instituteId, instituteId), anyOf(table.id, ids));
  return {
    /** The rows of `ids` that exist, by id. */
    async find(db: Db, instituteId: number, ids: readonly number[]): Promise<Map<number, Stored>> {
      const found = new Map<number, Stored>();
      for (const part of chunks(ids, 5000)) {
        const rows = (await db
          .select()
          .from(table as PgTable)
          .where(byIds(instituteId, part))) as Stored[];
        for (const row of rows) found.set(row.id, row);
      }
      return found;
    },
    /** Creates rows; answers their ids in the order given. */
    async create(db: Db, instituteId: number, values: readonly Values[]): Promise<number[]> {
      const ids: number[] = [];
      for (const part of chunks(values, 1000)) {
        const rows = (await db
          .insert(table)
          .values(part.map((value) => ({ instituteId, ...value })) as never)
          .returning({ id: table.id })) as { id: number }[];
        // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
        ids.push(...rows.map((row) => row.id));
      }
      return ids;
    },
    /** Changes a row's given columns. */
    async update(db: Db, instituteId: number, id: number, values: Partial<Values>): Promise<void> {
      await db
        .update(table)
        .set(values as never)
        .where(and(eq(table.instituteId, instituteId), eq(table.id, id)));
    },
    /** Deletes rows for good (the database refuses one that other rows still use). */
    async remove(db: Db, instituteId: number, ids: readonly number[]): Promise<void> {
      for (const part of chunks(ids, 5000)) await db.delete(table).where(byIds(instituteId, part));
    },
  };
}

type PairTable = PgTable & { instituteId: PgColumn };

/**
 * Rows of one institute's table named by a pair of ids (a student and a batch; a session and a student): found and
 * deleted by many pairs in one statement (the pairs go as two array parameters).
 */
export function pairRows<T extends PairTable>(table: T, keys: readonly [PgColumn, PgColumn]) {
  type Pairs = readonly (readonly [number, number])[];
  const where = (instituteId: number, pairs: Pairs) => and(eq(table.instituteId, instituteId), pairIn(keys, pairs));
  return {
    /** The condition that picks these pairs' rows, for a writer's own statement (an update with its rules). */
    where,
    /** The rows of these pairs, as stored. */
    async find(db: Db, instituteId: number, pairs: Pairs): Promise<InferSelectModel<T>[]> {
      if (pairs.length === 0) return [];
      return (await db
        .select()
        .from(table as PgTable)
        .where(where(instituteId, pairs))) as InferSelectModel<T>[];
    },
    /** Deletes the rows of these pairs for good. */
    async remove(db: Db, instituteId: number, pairs: Pairs): Promise<void> {
      if (pairs.length === 0) return;
      await db.delete(table).where(where(instituteId, pairs));
    },
  };
}
