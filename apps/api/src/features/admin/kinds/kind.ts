// The shape every entity kind's module has, and the helpers most of them share. A kind module turns validated rows
// into writes on its area's tables inside the batch's transaction; the service (admin.service.ts) does the rest
// (validation, duplicates, the transaction, audit rows, the answer).
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import type { AdminRow, AdminRowAction } from '@campus/domain/admin/admin.contract';
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { parseInstant } from '@campus/domain/admin/admin-rules';
import { chunks } from '../../../db/bulk.ts';
import type { Db } from '../../../db/client.ts';
import type { JobEnqueuer } from '../../../lib/job-queue.ts';
import type { Storage } from '../../../lib/storage.ts';
import { findExternalIds } from '../admin.repository.ts';

// Rows in chunks, so no statement carries more parameters than PostgreSQL takes (the kinds' one import of it).
export { chunks };

/** One row of a batch after validation, with its index in the batch. */
export interface IndexedRow<R> {
  index: number;
  key: string;
  row: R;
}

/** What a kind did with one row, and the internal ids before and after (for the audit). */
export interface RowOutcome {
  index: number;
  key: string;
  action: AdminRowAction;
  beforeId: number | null;
  afterId: number | null;
}

/** A login this batch created with a generated first password. */
export interface CreatedPassword {
  key: string;
  login: string;
  password: string;
  phone: string | null;
  userId: number;
}

/** What a kind's writes get: the transaction, the institute and its clock. */
export interface KindContext {
  tx: Db;
  instituteId: number;
  now: Date;
  timeZone: string;
  /** Created logins' generated first passwords (students and parents add to it). */
  passwords: CreatedPassword[];
  /** Where receipts are stored, and the portal's public address their QR codes open (payments need both). */
  receipts?: ReceiptTarget;
}

/** Where a batch's payments store their receipts, and the public address of the institute's portal. */
export interface ReceiptTarget {
  storage: Storage;
  origin: string;
  /** `later`: payments write rows only, and the receipt-render job draws their PDFs after the commit (the admin API). */
  draw?: 'now' | 'later';
}

/**
 * The target with a storage that remembers the files it writes, so a batch that does not commit (refused, rolled
 * back, a dry run) can take its receipts back instead of leaving files no row names.
 */
export function trackReceipts(target: ReceiptTarget): ReceiptTarget & { discard(): Promise<void> } {
  const written: string[] = [];
  const storage: Storage = Object.assign(Object.create(target.storage) as Storage, {
    async putBuffer(data: Buffer | string, extension: string) {
      const stored = await target.storage.putBuffer(data, extension);
      written.push(stored.key);
      return stored;
    },
    async putStream(...args: Parameters<Storage['putStream']>) {
      const stored = await target.storage.putStream(...args);
      written.push(stored.key);
      return stored;
    },
    async commit(...args: Parameters<Storage['commit']>) {
      await target.storage.commit(...args);
      written.push(args[1]);
    },
  });
  return {
    ...target,
    storage,
    async discard() {
      for (const key of written.splice(0)) await target.storage.remove(key);
    },
  };
}

/** Thrown by a kind for rows it cannot write (an unknown reference, a row still in use): the batch is refused. */
export class RowProblems extends Error {
  override name = 'RowProblems';
  readonly problems: RowProblem[];
  constructor(problems: RowProblem[]) {
    super('rows refused');
    this.problems = problems;
  }
}

/** Work a kind does before the transaction (hashing passwords: slow, and nothing may wait inside a transaction). */
export type Prepared = Map<string, unknown>;

/** One entity kind of the admin API and the CSV import. */
export interface KindModule<K extends AdminKind = AdminKind> {
  kind: K;
  /** 'soft': deleting keeps the row and its history (the portal stops showing or signing it in); 'hard': gone. */
  deletes: 'soft' | 'hard';
  /** The key a row is known by: its external id, or the external ids of its key fields. */
  keyOf(row: Record<string, unknown>): string;
  prepare?(db: Db, instituteId: number, rows: IndexedRow<AdminRow<K>>[]): Promise<Prepared>;
  upsert(context: KindContext, rows: IndexedRow<AdminRow<K>>[], prepared: Prepared): Promise<RowOutcome[]>;
  remove(context: KindContext, keys: IndexedRow<Record<string, string>>[]): Promise<RowOutcome[]>;
  /**
   * Background work an upsert that changed rows calls for, enqueued once its batch has committed (receipts to draw,
   * alerts to produce); the jobs' own sweeps catch up when it could not be enqueued.
   */
  afterCommit?(jobs: JobEnqueuer, instituteId: number): Promise<unknown>;
}

/** Declares a kind module with its row type checked. */
export const defineKind = <K extends AdminKind>(module: KindModule<K>): KindModule<K> => module;

/** The external id of a row of a kind that has one. */
export const byExternalId = (row: Record<string, unknown>) => String(row.external_id);

/** The external ids a reference field of a row holds (none when the optional field is absent). */
const referencedIds = (value: unknown): string[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/** The rule a row is refused with when it names a row of `kind` that does not exist (or no longer does). */
export const unknownReferenceRule = (kind: string, externalId: string) =>
  `no ${kind} row has the external id ${JSON.stringify(externalId)}`;

/**
 * Resolves one reference field to rows of another kind (`batch_external_id` → batch id) for every row at once; rows
 * naming an unknown or deleted row are problems naming the field. `read` is for a field whose value is not simply
 * `row[field]` (the pair kinds' sides).
 */
export async function resolveReference<R>(
  context: KindContext,
  rows: IndexedRow<R>[],
  kind: AdminKind,
  field: string,
  problems: RowProblem[],
  read: (row: R) => unknown = (row) => (row as Record<string, unknown>)[field],
): Promise<Map<string, number>> {
  const found = await findExternalIds(
    context.tx,
    context.instituteId,
    kind,
    rows.flatMap(({ row }) => referencedIds(read(row))),
  );
  const ids = new Map<string, number>();
  for (const [externalId, mapping] of found) if (!mapping.deletedAt) ids.set(externalId, mapping.internalId);
  for (const { index, row } of rows) {
    for (const externalId of referencedIds(read(row))) {
      if (!ids.has(externalId)) {
        problems.push({ row: index, field, rule: unknownReferenceRule(kind, externalId) });
      }
    }
  }
  return ids;
}

/**
 * Resolves several reference fields at once, each to the kind it names: `{ batch_external_id: 'batches' }` gives
 * `{ batch_external_id: Map<external id, batch id> }`.
 */
export async function resolveReferences<R, F extends keyof R & string>(
  context: KindContext,
  rows: IndexedRow<R>[],
  problems: RowProblem[],
  fields: Record<F, AdminKind>,
): Promise<Record<F, Map<string, number>>> {
  const resolved = {} as Record<F, Map<string, number>>;
  for (const field of Object.keys(fields) as F[]) {
    resolved[field] = await resolveReference(context, rows, fields[field], field, problems);
  }
  return resolved;
}

/** Minutes the zone is ahead of UTC at `at`. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** A row's date-and-time text as an instant, read in the institute's zone (the schema checked it parses). */
export function toInstant(text: string, timeZone: string): Date {
  const guess = parseInstant(text, 0)!;
  return parseInstant(text, zoneOffsetMinutes(timeZone, guess))!;
}

/** Equal as stored values: dates by instant, arrays and objects by content, null and undefined alike. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (value: unknown): unknown =>
    value instanceof Date ? value.toISOString() : value === undefined ? null : value;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** True when every column of `wanted` equals the stored row's. */
export const sameColumns = (wanted: Record<string, unknown>, stored: Record<string, unknown>) =>
  Object.keys(wanted).every((column) => sameValue(wanted[column], stored[column]));
