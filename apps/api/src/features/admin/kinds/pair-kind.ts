// A kind whose rows are named by the pair of rows they link (a student and a batch; a class session and a student),
// not by an external id of their own, and stored in one table keyed by the two ids: enrolments, evaluations,
// attendance, student fees. Every read and write of a batch is one statement per table, whatever its size (the
// pairs go as two array parameters), not one per row.
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { adminPairKeys, type AdminRow } from '@campus/domain/admin/admin.contract';
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { findExternalIds } from '../admin.repository.ts';
import {
  defineKind,
  resolveReference,
  RowProblems,
  sameColumns,
  type IndexedRow,
  type KindContext,
  type KindModule,
  type RowOutcome,
} from './kind.ts';

type Pair = readonly [number, number];
type Stored = Record<string, unknown>;

/** The two ids a row names, as the two sides of the pair. */
export interface PairIds<L> {
  first: number;
  second: number;
  loaded: L;
}

/** How a pair kind's rows are read and written: its area's writer. Stored rows carry the two key columns by their property names. */
export interface PairStore {
  /** The stored rows of these keys: one statement. */
  load(context: KindContext, pairs: Pair[]): Promise<Stored[]>;
  /** Creates rows (their keys and columns); answers their ids in the order given when `returningId`. */
  insert(context: KindContext, rows: Stored[], returningId: boolean): Promise<number[]>;
  /** Changes rows, each found by its two keys. */
  update(context: KindContext, rows: Stored[]): Promise<void>;
  /** Deletes the rows of these keys (hard deletes) or clears them (soft). */
  remove(context: KindContext, pairs: Pair[]): Promise<void>;
}

interface PairKindOptions<K extends AdminKind, L> {
  kind: K;
  /** 'soft': the store's remove clears the stored rows (they stay); 'hard': it deletes them. */
  deletes: 'soft' | 'hard';
  /** The kinds whose external ids the row's two key fields (adminPairKeys) hold, in that order. */
  sides: readonly [AdminKind, AdminKind];
  /** Where the rows are: the area's writer. */
  store: PairStore;
  /** The two columns (property names) that key a stored row: its ids of the pair by default. */
  keys: readonly [string, string];
  /**
   * What rows need beyond the two ids, read once for the batch from the second side's ids (a batch's year) or the
   * first side's (a class session's batch).
   */
  load?(context: KindContext, secondIds: number[], firstIds: number[]): Promise<L>;
  /** The keys of the stored rows one pair stands for (a structure's installments): `[first, second]` by default. */
  expand?(ids: PairIds<L>): Pair[];
  /** A row's problems against what was loaded (pushed with the row's index). */
  check?(item: IndexedRow<AdminRow<K>>, ids: PairIds<L>, problems: RowProblem[]): void;
  /** The columns a row sets on its stored row number `position` of expand's. */
  columns(row: AdminRow<K>, position: number, ids: PairIds<L>): Record<string, unknown>;
  /** Columns set only when a stored row is created. */
  insertColumns?(context: KindContext, ids: PairIds<L>): Record<string, unknown>;
  /** Hard deletes: the stored rows that must stay, and the rule the row is refused with. */
  keep?: { rule: string; find(context: KindContext, stored: Stored[]): Promise<Set<Stored>> };
  /** The id audit rows name: the first side's (default), or the stored row's own `id`. */
  auditId?: 'first' | 'row';
  /** Work enqueued once a batch that changed rows has committed (KindModule.afterCommit). */
  afterCommit?: KindModule<K>['afterCommit'];
}

/** A kind module for rows named by a pair of other kinds' external ids. */
export function pairKind<K extends AdminKind, L = undefined>(options: PairKindOptions<K, L>): KindModule<K> {
  const { kind } = options;
  const { store } = options;
  const fields = adminPairKeys[kind];
  if (!fields) throw new Error(`${kind}: not a kind named by a pair (adminPairKeys)`);
  const sides = options.sides.map((side, index) => ({ kind: side, field: fields[index]! }));
  const expand = options.expand ?? (({ first, second }: PairIds<L>): Pair[] => [[first, second]]);
  const pairKey = (stored: Stored) => `${String(stored[options.keys[0]])}|${String(stored[options.keys[1]])}`;
  const sideOf = (row: object, side: 0 | 1) => (row as Record<string, string>)[sides[side]!.field]!;

  /** The stored rows of these keys, by `${first key}|${second key}`: one statement. */
  const loadStored = async (context: KindContext, pairs: Pair[]) => {
    const found = new Map<string, Stored>();
    if (pairs.length === 0) return found;
    const rows = await store.load(context, pairs);
    for (const row of rows) found.set(pairKey(row), row);
    return found;
  };
  const keyed = (context: KindContext, pair: Pair) => ({
    instituteId: context.instituteId,
    [options.keys[0]]: pair[0],
    [options.keys[1]]: pair[1],
  });

  return defineKind<K>({
    kind,
    deletes: options.deletes,
    afterCommit: options.afterCommit,
    keyOf: (row) => `${String(sideOf(row, 0))}|${String(sideOf(row, 1))}`,
    async upsert(context, rows) {
      const problems: RowProblem[] = [];
      const refs = [] as Map<string, number>[];
      for (const side of [0, 1] as const) {
        const { field, kind: referenced } = sides[side]!;
        refs.push(await resolveReference(context, rows, referenced, field, problems, (row) => sideOf(row, side)));
      }
      if (problems.length > 0) throw new RowProblems(problems);
      const loaded = (await options.load?.(
        context,
        [...new Set(refs[1]!.values())],
        [...new Set(refs[0]!.values())],
      )) as L;
      const planned = rows.map((item) => {
        const ids = { first: refs[0]!.get(sideOf(item.row, 0))!, second: refs[1]!.get(sideOf(item.row, 1))!, loaded };
        options.check?.(item, ids, problems);
        return { item, ids, pairs: expand(ids) };
      });
      if (problems.length > 0) throw new RowProblems(problems);
      const stored = await loadStored(
        context,
        planned.flatMap((plan) => plan.pairs),
      );
      const inserts: Record<string, unknown>[] = [];
      const updates: Record<string, unknown>[] = [];
      // Outcomes of rows whose stored row is created: their audit id is the new row's (auditId 'row').
      const createdAt = new Map<number, RowOutcome>();
      const outcomes = planned.map(({ item, ids, pairs }): RowOutcome => {
        let created = 0;
        let changed = 0;
        for (const [position, pair] of pairs.entries()) {
          const wanted = options.columns(item.row, position, ids);
          const current = stored.get(`${pair[0]}|${pair[1]}`);
          if (!current) {
            created += 1;
            inserts.push({ ...keyed(context, pair), ...options.insertColumns?.(context, ids), ...wanted });
          } else if (!sameColumns(wanted, current)) {
            changed += 1;
            updates.push({ ...keyed(context, pair), ...wanted });
          }
        }
        const isNew = created > 0 && created === pairs.length;
        const action = isNew ? 'created' : created + changed > 0 ? 'updated' : 'unchanged';
        const id =
          options.auditId === 'row' ? (stored.get(`${pairs[0]![0]}|${pairs[0]![1]}`)?.id as number) : ids.first;
        const outcome: RowOutcome = {
          index: item.index,
          key: item.key,
          action,
          beforeId: isNew ? null : id,
          afterId: id,
        };
        if (isNew && options.auditId === 'row') createdAt.set(inserts.length - 1, outcome);
        return outcome;
      });
      const newIds = inserts.length > 0 ? await store.insert(context, inserts, options.auditId === 'row') : [];
      for (const [position, outcome] of createdAt) outcome.afterId = newIds[position]!;
      if (updates.length > 0) await store.update(context, updates);
      return outcomes;
    },
    async remove(context, keys) {
      const mappings = [] as Map<string, { internalId: number }>[];
      for (const side of [0, 1] as const) {
        const wanted = keys.map((key) => sideOf(key.row, side));
        mappings.push(await findExternalIds(context.tx, context.instituteId, sides[side]!.kind, wanted));
      }
      const loaded = (
        options.expand
          ? await options.load?.(
              context,
              [...mappings[1]!.values()].map((mapping) => mapping.internalId),
              [...mappings[0]!.values()].map((mapping) => mapping.internalId),
            )
          : undefined
      ) as L;
      const planned = keys.map((key) => {
        const first = mappings[0]!.get(sideOf(key.row, 0))?.internalId;
        const second = mappings[1]!.get(sideOf(key.row, 1))?.internalId;
        return {
          key,
          first,
          pairs: first === undefined || second === undefined ? [] : expand({ first, second, loaded }),
        };
      });
      const stored = await loadStored(
        context,
        planned.flatMap((plan) => plan.pairs),
      );
      const found = planned.map(({ key, first, pairs }) => ({
        key,
        first,
        rows: pairs.flatMap((pair): Stored[] => {
          const row = stored.get(`${pair[0]}|${pair[1]}`);
          return row ? [row] : [];
        }),
      }));
      const existing = found.flatMap((item) => item.rows);
      if (options.keep) {
        const kept = await options.keep.find(context, existing);
        const problems = found
          .filter((item) => item.rows.some((row) => kept.has(row)))
          .map((item) => ({ row: item.key.index, field: '(key)', rule: options.keep!.rule }));
        if (problems.length > 0) throw new RowProblems(problems);
      }
      const pairs = existing.map((row): Pair => [row[options.keys[0]] as number, row[options.keys[1]] as number]);
      if (pairs.length > 0) await store.remove(context, pairs);
      return found.map(({ key, first, rows: [row] }): RowOutcome => {
        if (!row) return { index: key.index, key: key.key, action: 'missing', beforeId: null, afterId: null };
        const id = options.auditId === 'row' ? (row.id as number) : first!;
        return {
          index: key.index,
          key: key.key,
          action: 'deleted',
          beforeId: id,
          afterId: options.deletes === 'soft' ? id : null,
        };
      });
    },
  });
}
