// A kind stored in one table of its area (plus, optionally, one set of child rows such as a notice's audience),
// named by an external id: most kinds are this.
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import type { AdminRow } from '@campus/domain/admin/admin.contract';
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  deleteExternalIds,
  findExternalIds,
  insertExternalIds,
  setExternalIdsDeleted,
  anyOf,
} from '../admin.repository.ts';
import {
  byExternalId,
  chunks,
  defineKind,
  RowProblems,
  sameColumns,
  sameValue,
  type IndexedRow,
  type KindContext,
  type KindModule,
  type RowOutcome,
} from './kind.ts';

type IdTable = PgTable & { instituteId: PgColumn; id: PgColumn };

/** Child rows of one parent row (a notice's batches), compared and replaced as a whole. */
export interface ChildSet<C> {
  load(context: KindContext, ids: number[]): Promise<Map<number, C>>;
  save(context: KindContext, id: number, value: C, isNew: boolean): Promise<void>;
}

interface TableKindOptions<K extends AdminKind, C> {
  kind: K;
  table: IdTable;
  deletes: 'soft' | 'hard';
  /** Resolves the batch's references (adding problems for unknown ones) and returns the row → columns mapping. */
  build(
    context: KindContext,
    rows: IndexedRow<AdminRow<K>>[],
    problems: RowProblem[],
  ): Promise<(row: AdminRow<K>) => { columns: Record<string, unknown>; children?: C }>;
  children?: ChildSet<C>;
  /** Soft deletes: the columns that take the row off the portal's screens (restored by the next upsert). */
  hidden?: Record<string, unknown>;
  /** Columns set only when a row is created (a message's time when the row gives none). */
  insertDefaults?(context: KindContext): Record<string, unknown>;
  /** Hard deletes: the rows (by id) that must stay, each with the reason. */
  keep?(context: KindContext, ids: number[]): Promise<Map<number, string>>;
}

/** A kind module for rows of one table named by external ids. */
export function tableKind<K extends AdminKind, C = never>(options: TableKindOptions<K, C>): KindModule<K> {
  const { kind, table } = options;
  const loadStored = async (context: KindContext, ids: number[]) => {
    const stored = new Map<number, Record<string, unknown>>();
    for (const part of chunks(ids, 5000)) {
      const rows = (await context.tx
        .select()
        .from(table as PgTable)
        .where(and(eq(table.instituteId, context.instituteId), anyOf(table.id, part)))) as Record<string, unknown>[];
      for (const row of rows) stored.set(row.id as number, row);
    }
    return stored;
  };

  return defineKind<K>({
    kind,
    deletes: options.deletes,
    keyOf: byExternalId,
    async upsert(context, rows) {
      const problems: RowProblem[] = [];
      const build = await options.build(context, rows, problems);
      if (problems.length > 0) throw new RowProblems(problems);
      const mappings = await findExternalIds(
        context.tx,
        context.instituteId,
        kind,
        rows.map((row) => row.key),
      );
      const ids = [...mappings.values()].map((mapping) => mapping.internalId);
      const stored = await loadStored(context, ids);
      const storedChildren = options.children ? await options.children.load(context, ids) : new Map<number, C>();
      const outcomes: RowOutcome[] = [];
      const creates: { item: IndexedRow<AdminRow<K>>; built: ReturnType<typeof build> }[] = [];
      const restored: string[] = [];
      for (const item of rows) {
        const built = build(item.row);
        const mapping = mappings.get(item.key);
        if (!mapping) {
          creates.push({ item, built });
          continue;
        }
        const id = mapping.internalId;
        const current = stored.get(id) ?? {};
        const columnsSame = sameColumns(built.columns, current);
        const childrenSame = !options.children || sameValue(built.children, storedChildren.get(id));
        const action = mapping.deletedAt ? 'restored' : columnsSame && childrenSame ? 'unchanged' : 'updated';
        if (mapping.deletedAt) restored.push(item.key);
        if (!columnsSame || mapping.deletedAt) {
          await context.tx
            .update(table)
            .set(built.columns)
            .where(and(eq(table.instituteId, context.instituteId), eq(table.id, id)));
        }
        if (options.children && !childrenSame) await options.children.save(context, id, built.children as C, false);
        outcomes.push({ index: item.index, key: item.key, action, beforeId: id, afterId: id });
      }
      await setExternalIdsDeleted(context.tx, context.instituteId, kind, restored, null);
      for (const part of chunks(creates)) {
        const inserted = (await context.tx
          .insert(table)
          .values(
            part.map(({ built }) => ({
              instituteId: context.instituteId,
              ...options.insertDefaults?.(context),
              ...built.columns,
            })) as never,
          )
          .returning({ id: table.id })) as { id: number }[];
        // PostgreSQL returns the rows of a multi-row VALUES insert in the order given.
        await insertExternalIds(
          context.tx,
          context.instituteId,
          kind,
          part.map(({ item }, position) => ({ externalId: item.key, internalId: inserted[position]!.id })),
        );
        for (const [position, { item, built }] of part.entries()) {
          const id = inserted[position]!.id;
          if (options.children) await options.children.save(context, id, built.children as C, true);
          outcomes.push({ index: item.index, key: item.key, action: 'created', beforeId: null, afterId: id });
        }
      }
      return outcomes;
    },
    async remove(context, keys) {
      const mappings = await findExternalIds(
        context.tx,
        context.instituteId,
        kind,
        keys.map((key) => key.key),
      );
      const live = keys.filter((key) => mappings.get(key.key) && !mappings.get(key.key)!.deletedAt);
      const ids = live.map((key) => mappings.get(key.key)!.internalId);
      const outcomes: RowOutcome[] = keys
        .filter((key) => !live.includes(key))
        .map((key) => ({ index: key.index, key: key.key, action: 'missing', beforeId: null, afterId: null }));
      if (options.deletes === 'soft') {
        if (options.hidden && ids.length > 0) {
          for (const part of chunks(ids, 5000)) {
            await context.tx
              .update(table)
              .set(options.hidden)
              .where(and(eq(table.instituteId, context.instituteId), anyOf(table.id, part)));
          }
        }
        await setExternalIdsDeleted(
          context.tx,
          context.instituteId,
          kind,
          live.map((key) => key.key),
          context.now,
        );
        for (const key of live) {
          const id = mappings.get(key.key)!.internalId;
          outcomes.push({ index: key.index, key: key.key, action: 'deleted', beforeId: id, afterId: id });
        }
        return outcomes;
      }
      const kept = options.keep ? await options.keep(context, ids) : new Map<number, string>();
      if (kept.size > 0) {
        throw new RowProblems(
          live
            .filter((key) => kept.has(mappings.get(key.key)!.internalId))
            .map((key) => ({
              row: key.index,
              field: 'external_id',
              rule: kept.get(mappings.get(key.key)!.internalId)!,
            })),
        );
      }
      for (const part of chunks(ids, 5000)) {
        await context.tx.delete(table).where(and(eq(table.instituteId, context.instituteId), anyOf(table.id, part)));
      }
      await deleteExternalIds(
        context.tx,
        context.instituteId,
        kind,
        live.map((key) => key.key),
      );
      for (const key of live) {
        const id = mappings.get(key.key)!.internalId;
        outcomes.push({ index: key.index, key: key.key, action: 'deleted', beforeId: id, afterId: null });
      }
      return outcomes;
    },
  });
}
