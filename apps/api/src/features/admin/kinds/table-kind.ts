// A kind whose rows are named by an external id: most kinds are this. Its rows are read and written through a
// store, its area's writer (storeKind); the kind maps a batch's rows onto it by external id.
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import type { AdminRow } from '@campus/domain/admin/admin.contract';
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { deleteExternalIds, findExternalIds, insertExternalIds, setExternalIdsDeleted } from '../admin.repository.ts';
import {
  byExternalId,
  chunks,
  defineKind,
  RowProblems,
  sameColumns,
  type IndexedRow,
  type KindContext,
  type KindModule,
  type RowOutcome,
} from './kind.ts';

/** How a kind's rows are read and written: its area's writer. `V` is a row as the kind builds it from a batch's row. */
export interface RowStore<V extends object> {
  /** The stored rows by id, each with at least the fields a built row has (compared to tell 'unchanged'). */
  load(context: KindContext, ids: number[]): Promise<Map<number, Record<string, unknown>>>;
  /** Creates rows; answers their ids in the order given. */
  insert(context: KindContext, values: V[]): Promise<number[]>;
  /** Changes a row (or restores a soft-deleted one); `stored` is what load answered for it. */
  update(context: KindContext, id: number, value: V, stored: Record<string, unknown>): Promise<void>;
  /** Soft deletes: takes the rows off the portal's screens (the next upsert restores them). */
  hide?(context: KindContext, ids: number[]): Promise<void>;
  /** Hard deletes. */
  remove?(context: KindContext, ids: number[]): Promise<void>;
}

/** What a writer's `instituteRows` gives (db/institute-rows.ts): a table with no rule beyond its columns. */
interface WriterRows<V> {
  find(db: KindContext['tx'], instituteId: number, ids: readonly number[]): Promise<Map<number, object>>;
  create(db: KindContext['tx'], instituteId: number, values: readonly V[]): Promise<number[]>;
  update(db: KindContext['tx'], instituteId: number, id: number, values: Partial<V>): Promise<void>;
  remove(db: KindContext['tx'], instituteId: number, ids: readonly number[]): Promise<void>;
}

/** The store of a kind whose writer keeps its rows with `instituteRows`. */
export function rowsStore<V extends object>(rows: WriterRows<V>): RowStore<V> {
  return {
    load: async ({ tx, instituteId }, ids) =>
      (await rows.find(tx, instituteId, ids)) as Map<number, Record<string, unknown>>,
    insert: ({ tx, instituteId }, values) => rows.create(tx, instituteId, values),
    update: ({ tx, instituteId }, id, value) => rows.update(tx, instituteId, id, value),
    remove: ({ tx, instituteId }, ids) => rows.remove(tx, instituteId, ids),
  };
}

interface StoreKindOptions<K extends AdminKind, V extends object> {
  kind: K;
  deletes: 'soft' | 'hard';
  store: RowStore<V>;
  /** Resolves the batch's references (adding problems for unknown ones) and returns the row → stored row mapping. */
  build(
    context: KindContext,
    rows: IndexedRow<AdminRow<K>>[],
    problems: RowProblem[],
  ): Promise<(row: AdminRow<K>) => V>;
  /** Hard deletes: the rows (by id) that must stay, each with the reason. */
  keep?(context: KindContext, ids: number[]): Promise<Map<number, string>>;
  /** Work enqueued once a batch that changed rows has committed (KindModule.afterCommit). */
  afterCommit?: KindModule<K>['afterCommit'];
}

/** A kind module for rows named by external ids, written through a store (its area's writer). */
export function storeKind<K extends AdminKind, V extends object>(options: StoreKindOptions<K, V>): KindModule<K> {
  const { kind, store } = options;
  return defineKind<K>({
    kind,
    deletes: options.deletes,
    afterCommit: options.afterCommit,
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
      const stored = await store.load(
        context,
        [...mappings.values()].map((mapping) => mapping.internalId),
      );
      const outcomes: RowOutcome[] = [];
      const creates: { item: IndexedRow<AdminRow<K>>; built: V }[] = [];
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
        const same = sameColumns(built as Record<string, unknown>, current);
        const action = mapping.deletedAt ? 'restored' : same ? 'unchanged' : 'updated';
        if (mapping.deletedAt) restored.push(item.key);
        if (!same || mapping.deletedAt) await store.update(context, id, built, current);
        outcomes.push({ index: item.index, key: item.key, action, beforeId: id, afterId: id });
      }
      await setExternalIdsDeleted(context.tx, context.instituteId, kind, restored, null);
      for (const part of chunks(creates)) {
        const inserted = await store.insert(
          context,
          part.map(({ built }) => built),
        );
        await insertExternalIds(
          context.tx,
          context.instituteId,
          kind,
          part.map(({ item }, position) => ({ externalId: item.key, internalId: inserted[position]! })),
        );
        for (const [position, { item }] of part.entries()) {
          const id = inserted[position]!;
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
        if (store.hide && ids.length > 0) await store.hide(context, ids);
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
      if (ids.length > 0) await store.remove!(context, ids);
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
