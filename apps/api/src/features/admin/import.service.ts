// The CSV import: a file of one kind, read as a stream in batches through the same kind modules and batch runner
// as the admin API, inside one transaction, so a file with any bad row changes nothing (unless skipInvalid drops
// those rows) and a dry run reports exactly what a real run would do before rolling back.
import type { Readable } from 'node:stream';
import { adminColumns } from '@campus/domain/admin/admin.contract';
import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { parse } from 'csv-parse';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { queueMessages } from '../messages/index.ts';
import { findInstituteName } from './admin.repository.ts';
import { BatchRefused, runBatch } from './admin.service.ts';
import { kindModules } from './kinds/index.ts';
import { trackReceipts, type CreatedPassword, type ReceiptTarget } from './kinds/kind.ts';

/** Rows per batch: big enough for set-based writes, small enough to keep memory flat. */
const batchSize = 5000;

/** One refused line of the file. */
export interface LineProblem {
  line: number;
  field: string;
  rule: string;
}

/** What an import did (or, in a dry run, would do). */
export interface ImportReport {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  restored: number;
  missing: number;
  errors: LineProblem[];
  /** Rows left out because of their errors (skipInvalid). */
  skipped: number;
  committed: boolean;
  /** Logins created without a password: the generated first passwords, to hand out once. */
  createdLogins: CreatedPassword[];
}

/** A report of nothing done yet. */
export const emptyReport = (): ImportReport => ({
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  restored: 0,
  missing: 0,
  errors: [],
  skipped: 0,
  committed: false,
  createdLogins: [],
});

export interface ImportOptions {
  db: Db;
  instituteId: number;
  kind: AdminKind;
  input: Readable;
  now: Date;
  mode?: 'upsert' | 'remove';
  dryRun?: boolean;
  skipInvalid?: boolean;
  /** Queue each created login's first password as a text to its phone (the SMS outbox). */
  sendSms?: boolean;
  /** Where created logins' first passwords will be written; without it (or sendSms) such logins are refused. */
  hasPasswordsOut?: boolean;
  onProgress?: (rowsRead: number) => void;
  /** Where payments' receipts are stored and the portal address their QR codes open (needed to import payments). */
  receipts?: ReceiptTarget;
}

/** The separator of a file's header line: the one of `,` `;` and tab it holds most of (Excel writes `;` in many locales). */
export function detectDelimiter(headerLine: string): string {
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, headerLine.split(delimiter).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The first line of a stream without consuming it (the stream is paused and the chunk put back). */
async function peekFirstLine(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = input.read() as Buffer | null;
    if (chunk === null) {
      const ended = await new Promise<boolean>((resolve) => {
        const onReadable = () => {
          input.off('end', onEnd);
          resolve(false);
        };
        const onEnd = () => {
          input.off('readable', onReadable);
          resolve(true);
        };
        input.once('readable', onReadable);
        input.once('end', onEnd);
      });
      if (ended) break;
      continue;
    }
    chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.includes('\n') || text.length > 65_536) break;
  }
  const all = Buffer.concat(chunks);
  if (all.length > 0) input.unshift(all);
  return all.toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** The header's columns checked against the kind's: unknown columns and missing required ones are errors. */
function checkHeader(kind: AdminKind, mode: 'upsert' | 'remove', header: string[]): LineProblem[] {
  const columns = adminColumns(kind);
  const known = new Set(columns.map((column) => column.name));
  const problems: LineProblem[] = [];
  for (const name of header) {
    if (!known.has(name)) problems.push({ line: 1, field: name, rule: `is not a column of ${kind}` });
  }
  const required = mode === 'upsert' ? columns.filter((column) => column.required).map((column) => column.name) : [];
  for (const name of required) {
    if (!header.includes(name))
      problems.push({ line: 1, field: name, rule: 'is a required column, missing from the header' });
  }
  return problems;
}

/** Thrown inside the transaction to roll it back (errors, or a dry run). */
class Rollback extends Error {}

/** Imports one CSV file of `kind`. */
export async function importCsv(options: ImportOptions): Promise<ImportReport> {
  const { db, instituteId, kind, input, now } = options;
  const mode = options.mode ?? 'upsert';
  const report = emptyReport();
  const headerLine = (await peekFirstLine(input)).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(headerLine);
  const parser = input.pipe(
    parse({
      bom: true,
      delimiter,
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim().toLowerCase());
        report.errors.push(...checkHeader(kind, mode, names));
        return names;
      },
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }),
  );
  const keyOf = kindModules[kind].keyOf;
  const seen = new Map<string, number>();
  const writer = { instituteId, keyId: null, source: 'import' as const };
  // Receipts stored by batches of a file that is then not committed are removed again.
  const receipts = options.receipts && trackReceipts(options.receipts);

  const runOne = async (tx: Db, batch: { line: number; row: Record<string, string> }[]) => {
    let rows = batch;
    for (;;) {
      if (rows.length === 0) return;
      try {
        const result = await runBatch(
          tx,
          writer,
          kind,
          mode,
          rows.map((item) => item.row),
          { now, receipts },
        );
        for (const action of ['created', 'updated', 'unchanged', 'deleted', 'restored'] as const) {
          report[action] += result[action];
        }
        report.missing += result.rows.filter((row) => row.action === 'missing').length;
        report.createdLogins.push(...result.createdLogins);
        return;
      } catch (error) {
        const problems =
          error instanceof BatchRefused
            ? error.problems.map((problem) => ({ ...problem, line: rows[problem.row]!.line }))
            : error instanceof AppError && error.statusCode < 500
              ? [
                  {
                    row: -1,
                    line: rows[0]!.line,
                    field: '(batch)',
                    rule: `${error.message} (lines ${rows[0]!.line}–${rows.at(-1)!.line})`,
                  },
                ]
              : undefined;
        if (!problems) throw error;
        report.errors.push(...problems.map(({ line, field, rule }) => ({ line, field, rule })));
        if (!options.skipInvalid || problems.some((problem) => problem.row < 0)) {
          if (options.skipInvalid) report.skipped += rows.length;
          return;
        }
        const bad = new Set(problems.map((problem) => problem.row));
        report.skipped += bad.size;
        rows = rows.filter((_item, index) => !bad.has(index));
      }
    }
  };

  try {
    await db.transaction(async (tx) => {
      let batch: { line: number; row: Record<string, string> }[] = [];
      for await (const { record, info } of parser as AsyncIterable<{
        record: Record<string, string>;
        info: { lines: number };
      }>) {
        report.rows += 1;
        const line = info.lines;
        // An empty cell is an absent field (its default), as in the API.
        const row = Object.fromEntries(Object.entries(record).filter(([, value]) => value.trim() !== ''));
        const key = keyOf(row);
        const first = seen.get(key);
        if (first !== undefined && !key.includes('undefined')) {
          report.errors.push({ line, field: '(key)', rule: `repeats line ${first}` });
          if (options.skipInvalid) report.skipped += 1;
          continue;
        }
        seen.set(key, line);
        batch.push({ line, row });
        if (batch.length >= batchSize) {
          await runOne(tx, batch);
          batch = [];
          options.onProgress?.(report.rows);
        }
      }
      await runOne(tx, batch);
      options.onProgress?.(report.rows);
      const hasErrors = report.errors.length > 0 && !options.skipInvalid;
      const headerBroken = report.errors.some((error) => error.line === 1);
      if (!hasErrors && !headerBroken && report.createdLogins.length > 0) {
        await handOutPasswords(tx, options, report);
      }
      if (hasErrors || headerBroken || options.dryRun) throw new Rollback();
      report.committed = true;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      await receipts?.discard();
      throw error;
    }
  }
  if (!report.committed) await receipts?.discard();
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

/** Queues first-password texts, or checks that the passwords have somewhere to go. */
async function handOutPasswords(tx: Db, options: ImportOptions, report: ImportReport) {
  const withoutPhone = report.createdLogins.filter((login) => !login.phone);
  if (!options.hasPasswordsOut && (!options.sendSms || withoutPhone.length > 0)) {
    const count = options.sendSms ? withoutPhone.length : report.createdLogins.length;
    report.errors.push({
      line: 0,
      field: 'password',
      rule: `${count} new logins have no password in the file: give one, set sso_only, or run with --passwords-out <file>${options.sendSms ? ' (these have no phone to text)' : ' or --send-sms'}`,
    });
    throw new Rollback();
  }
  if (!options.sendSms) return;
  const instituteName = await findInstituteName(tx, options.instituteId);
  const mask = '••••••••';
  const texts = report.createdLogins
    .filter((login) => login.phone)
    .map((login) => ({
      phone: login.phone!,
      purpose: 'first_password',
      // The inbox shows the mask; the gateway puts the secret in its place when it delivers the text.
      body: `${instituteName ?? 'Your institute'}: sign in to the portal with ${login.login} and the password ${mask}. You can change it after signing in.`,
      secret: login.password,
      secretUserId: login.userId,
      createdAt: options.now,
    }));
  await queueMessages(tx, options.instituteId, texts);
}
