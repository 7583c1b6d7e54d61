// One batch of rows of one kind, for the admin API and the CSV import alike: every row is checked against the
// kind's row schema first, then the whole batch is written in one transaction (all rows or none), with an audit
// row for every row it created, changed or deleted.
import {
  adminHtmlFields,
  adminKeySchemas,
  adminPairKeys,
  adminRowSchemas,
  type AdminBatchAnswer,
} from '@campus/domain/admin/admin.contract';
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { describeRowProblems, type RowProblem } from '@campus/domain/admin/admin-rules';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { sanitiseStaffHtml } from '../../lib/staff-html.ts';
import { findInstituteTimeZone, insertAuditRows } from './admin.repository.ts';
import { kindModules } from './kinds/index.ts';
import {
  RowProblems,
  trackReceipts,
  type CreatedPassword,
  type IndexedRow,
  type KindContext,
  type Prepared,
  type ReceiptTarget,
  type RowOutcome,
} from './kinds/kind.ts';

/** Who writes: an admin API key, or the command-line import. */
export interface Writer {
  instituteId: number;
  keyId: number | null;
  source: 'api' | 'import';
}

/** A batch refused for its rows: each problem names the row (0-based in the batch), the field and the rule. */
export class BatchRefused extends Error {
  override name = 'BatchRefused';
  readonly problems: RowProblem[];
  constructor(problems: RowProblem[]) {
    super(describeRowProblems(problems));
    this.problems = problems;
  }
}

/** The answer of a batch, with the created logins' generated passwords (and their user ids, for the import). */
export interface BatchResult extends AdminBatchAnswer {
  createdLogins: CreatedPassword[];
}

/** The rows of a batch checked against a schema: the parsed rows, and a problem per broken field. */
export function checkRows<T>(
  kind: AdminKind,
  schema: z.ZodType<T>,
  rows: readonly unknown[],
  keyOf: (row: Record<string, unknown>) => string,
): { valid: IndexedRow<T>[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const valid: IndexedRow<T>[] = [];
  const firstRowOfKey = new Map<string, number>();
  rows.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // A field left out (an empty cell) is "required", whatever type zod expected there.
        const absent =
          issue.path.length === 1 &&
          raw !== null &&
          typeof raw === 'object' &&
          (raw as Record<string, unknown>)[String(issue.path[0])] === undefined;
        problems.push({
          row: index,
          field: issue.path.join('.') || '(row)',
          rule: absent && issue.code !== 'custom' ? 'is required' : issue.message,
        });
      }
      return;
    }
    const key = keyOf(parsed.data as Record<string, unknown>);
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      problems.push({
        row: index,
        field: adminPairKeys[kind] ? '(key)' : 'external_id',
        rule: `repeats row ${first} of this batch`,
      });
      return;
    }
    firstRowOfKey.set(key, index);
    valid.push({ index, key, row: cleanHtmlFields(kind, parsed.data) });
  });
  return { valid, problems };
}

/** A row with its HTML fields (adminHtmlFields) as the staff-HTML sanitiser answers them: what is stored. */
function cleanHtmlFields<T>(kind: AdminKind, row: T): T {
  const fields = adminHtmlFields[kind];
  if (!fields) return row;
  const clean = { ...(row as Record<string, unknown>) };
  for (const field of fields) {
    const value = clean[field];
    if (typeof value === 'string') clean[field] = sanitiseStaffHtml(value);
    else if (Array.isArray(value)) clean[field] = value.map((item) => sanitiseStaffHtml(String(item)));
  }
  return clean as T;
}

const sqlState = (error: unknown): string | undefined => {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

/**
 * The row holding the value a unique key refused (PostgreSQL's detail: `Key (institute_id, display_id)=(5, ADM-2)
 * already exists.`), as a problem naming the row and its field; undefined when no row of the batch holds it.
 */
function takenValue(error: unknown, rows: readonly IndexedRow<unknown>[]): RowProblem | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const detail = /=\((.*)\) already exists/.exec(String((current as { detail?: unknown }).detail ?? ''));
    if (!detail) continue;
    const values = new Set(detail[1]!.split(', '));
    for (const { index, row } of rows) {
      const field = Object.entries(row as Record<string, unknown>).find(
        ([name, value]) => name !== 'external_id' && typeof value === 'string' && values.has(value),
      );
      if (field) return { row: index, field: field[0], rule: `${JSON.stringify(field[1])} is taken by another row` };
    }
  }
  return undefined;
}

function summarise(kind: AdminKind, outcomes: RowOutcome[], passwords: CreatedPassword[]): BatchResult {
  const count = (action: RowOutcome['action']) => outcomes.filter((outcome) => outcome.action === action).length;
  return {
    kind,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    deleted: count('deleted'),
    restored: count('restored'),
    rows: [...outcomes]
      .sort((a, b) => a.index - b.index)
      .map((outcome) => ({ row: outcome.index, key: outcome.key, action: outcome.action })),
    passwords: passwords.map(({ key, login, password }) => ({ key, login, password })),
    createdLogins: passwords,
  };
}

/**
 * What PostgreSQL answers a transaction that raced another writing the same rows: a unique key the other just took
 * (both created the same new external id), a deadlock, a serialization failure. Run again, the batch sees the
 * other's committed rows and applies as an update of them (or is refused for its rows like any batch).
 */
const raceStates = new Set(['23505', '40P01', '40001']);
const attemptsOnRace = 3;

/**
 * Upserts (or deletes) one batch of `kind` for the writer's institute. Throws BatchRefused (→ 422) when a row is
 * invalid or names an unknown row; nothing is written then. `dryRun` runs every check and every write, then rolls
 * back, so it reports exactly what a real run would do. Receipts the batch stored are removed again when it does
 * not commit.
 */
export async function runBatch(
  db: Db,
  writer: Writer,
  kind: AdminKind,
  mode: 'upsert' | 'remove',
  rows: readonly unknown[],
  { now, dryRun = false, receipts }: { now: Date; dryRun?: boolean; receipts?: ReceiptTarget },
): Promise<BatchResult> {
  const module = kindModules[kind];
  const schema = (mode === 'upsert' ? adminRowSchemas[kind] : adminKeySchemas[kind]) as z.ZodType;
  const { valid, problems } = checkRows(kind, schema, rows, module.keyOf);
  if (problems.length > 0) throw new BatchRefused(problems);
  const timeZone = await findInstituteTimeZone(db, writer.instituteId);
  for (let attempt = 1; ; attempt += 1) {
    const files = receipts && trackReceipts(receipts);
    try {
      const prepared =
        mode === 'upsert' && module.prepare
          ? await module.prepare(db, writer.instituteId, valid as never)
          : new Map<string, unknown>();
      return await writeBatch(db, writer, kind, mode, valid, prepared, { now, timeZone, dryRun, receipts: files });
    } catch (error) {
      await files?.discard();
      if (error instanceof DryRun) return error.result;
      if (error instanceof RowProblems) throw new BatchRefused(error.problems);
      const state = sqlState(error);
      if (state && raceStates.has(state) && attempt < attemptsOnRace) continue;
      if (state === '23503') {
        throw new AppError(
          422,
          'VALIDATION_FAILED',
          `${kind}: a row is still used by other rows; delete or move those first`,
        );
      }
      if (state === '23505') {
        const taken = takenValue(error, valid);
        if (taken) throw new AppError(409, 'CONFLICT', describeRowProblems([taken]));
        throw new AppError(
          409,
          'CONFLICT',
          `${kind}: a value that must be unique (an admission number, or a row another batch wrote at the same time) is already taken`,
        );
      }
      throw error;
    }
  }
}

/** Thrown inside a dry run's transaction to roll it back, carrying what it would have done. */
class DryRun extends Error {
  readonly result: BatchResult;
  constructor(result: BatchResult) {
    super('dry run');
    this.result = result;
  }
}

/** The batch's writes and audit rows, in one transaction (rolled back by a dry run). */
async function writeBatch(
  db: Db,
  writer: Writer,
  kind: AdminKind,
  mode: 'upsert' | 'remove',
  valid: IndexedRow<unknown>[],
  prepared: Prepared,
  { now, timeZone, dryRun, receipts }: { now: Date; timeZone: string; dryRun: boolean; receipts?: ReceiptTarget },
): Promise<BatchResult> {
  const module = kindModules[kind];
  return db.transaction(async (tx) => {
    const context: KindContext = { tx, instituteId: writer.instituteId, now, timeZone, passwords: [], receipts };
    const outcomes =
      mode === 'upsert'
        ? await module.upsert(context, valid as never, prepared)
        : await module.remove(context, valid as IndexedRow<Record<string, string>>[]);
    const actionOf = { created: 'create', updated: 'update', deleted: 'delete', restored: 'restore' } as const;
    await insertAuditRows(
      tx,
      outcomes.flatMap((outcome) =>
        outcome.action in actionOf
          ? [
              {
                instituteId: writer.instituteId,
                keyId: writer.keyId,
                source: writer.source,
                at: now,
                kind,
                action: actionOf[outcome.action as keyof typeof actionOf],
                externalId: outcome.key,
                beforeId: outcome.beforeId,
                afterId: outcome.afterId,
              },
            ]
          : [],
      ),
    );
    const result = summarise(kind, outcomes, context.passwords);
    if (dryRun) throw new DryRun(result);
    return result;
  });
}
