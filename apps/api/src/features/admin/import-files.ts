// `npm run import -- --institute <host> --kind files files.csv`: a list of files on disk (external_id, path, and an
// optional name to show), loaded as the admin API's uploads are. Every line is checked first (the id, the file is
// there, its name, its content is what its name says), so a list with any bad line changes nothing unless
// skipInvalid drops those lines; then each file is stored on its own, which a rerun finds unchanged.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { adminFileJsonSchema } from '@campus/domain/admin/admin.contract';
import { cleanFileName, detectUploadKind, fileNameProblem } from '@campus/domain/shared/uploads';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { deleteAdminFiles, importAdminFile, maxAdminFileBytes } from './admin-files.ts';
import { BatchRefused } from './admin.service.ts';
import { detectDelimiter, emptyReport, type ImportReport, type LineProblem } from './import.service.ts';
import { findAdminFiles } from './admin.repository.ts';

/** The columns of a files list. */
export const fileListColumns = [
  { name: 'external_id', required: true },
  { name: 'path', required: true },
  { name: 'name', required: false },
] as const;

interface FileLine {
  line: number;
  externalId: string;
  path: string;
  name: string;
}

const sha256Of = async (path: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The first bytes of a file, as the upload's content check reads them. */
async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks one line: its problems, or the file to load. Paths are read relative to the list's folder. */
async function checkLine(line: number, row: Record<string, string>, folder: string, upsert: boolean) {
  const problems: LineProblem[] = [];
  const id = adminFileJsonSchema.safeParse({ external_id: row.external_id });
  if (!id.success) problems.push({ line, field: 'external_id', rule: id.error.issues[0]!.message });
  if (!upsert)
    return { problems, file: id.success ? { line, externalId: id.data.external_id, path: '', name: '' } : undefined };
  const path = resolve(folder, row.path ?? '');
  const name = cleanFileName(row.name || basename(row.path ?? ''));
  if (!row.path) {
    problems.push({ line, field: 'path', rule: 'is required' });
    return { problems };
  }
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) {
    problems.push({ line, field: 'path', rule: `no file at ${path}` });
    return { problems };
  }
  const nameProblem = fileNameProblem(row.name || basename(row.path));
  if (nameProblem) problems.push({ line, field: 'name', rule: nameProblem });
  else if (info.size > maxAdminFileBytes) problems.push({ line, field: 'path', rule: 'is larger than 4 GB' });
  else if (!detectUploadKind(await headOf(path), name)) {
    problems.push({
      line,
      field: 'path',
      rule: `the content is not a PDF, image, MP4 video, Word, Excel, PowerPoint or text file its name (${name}) says`,
    });
  }
  return { problems, file: id.success ? { line, externalId: id.data.external_id, path, name } : undefined };
}

export interface FileImportOptions {
  db: Db;
  storage: Storage;
  instituteId: number;
  /** The list's own path: file paths in it are read relative to its folder. */
  listPath: string;
  now: Date;
  mode?: 'upsert' | 'remove';
  dryRun?: boolean;
  skipInvalid?: boolean;
  onProgress?: (rowsRead: number) => void;
}

/** Imports (or, with mode remove, deletes) the files a list names. */
export async function importFiles(options: FileImportOptions): Promise<ImportReport> {
  const { db, storage, instituteId, now } = options;
  const upsert = (options.mode ?? 'upsert') === 'upsert';
  const report = emptyReport();
  const text = (await readFile(options.listPath, 'utf8')).replace(/^\uFEFF/, '');
  const records = parse(text, {
    delimiter: detectDelimiter(text.split(/\r?\n/)[0] ?? ''),
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    info: true,
    skip_empty_lines: true,
  }) as { record: Record<string, string>; info: { lines: number } }[];
  const header = Object.keys(records[0]?.record ?? {});
  for (const name of header) {
    if (!fileListColumns.some((column) => column.name === name)) {
      report.errors.push({ line: 1, field: name, rule: 'is not a column of files' });
    }
  }
  const lines: FileLine[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    report.rows += 1;
    const { problems, file } = await checkLine(info.lines, record, dirname(options.listPath), upsert);
    const first = file && seen.get(file.externalId);
    if (file && first !== undefined)
      problems.push({ line: info.lines, field: 'external_id', rule: `repeats line ${first}` });
    if (file) seen.set(file.externalId, info.lines);
    if (problems.length > 0) {
      report.errors.push(...problems);
      report.skipped += 1;
    } else if (file) lines.push(file);
    options.onProgress?.(report.rows);
  }
  if (report.errors.length > 0 && !options.skipInvalid) {
    report.skipped = 0;
    return report;
  }
  if (!options.skipInvalid) report.skipped = 0;
  const writer = { instituteId, keyId: null, source: 'import' as const };
  if (!upsert) {
    try {
      const result = await deleteAdminFiles(
        db,
        storage,
        writer,
        lines.map((line) => ({ external_id: line.externalId })),
        now,
        { dryRun: options.dryRun },
      );
      report.deleted = result.deleted;
      report.missing = result.rows.filter((row) => row.action === 'missing').length;
      report.committed = !options.dryRun;
    } catch (error) {
      if (!(error instanceof BatchRefused)) throw error;
      report.errors.push(
        ...error.problems.map((problem) => ({
          line: lines[problem.row]!.line,
          field: problem.field,
          rule: problem.rule,
        })),
      );
    }
    return report;
  }
  if (options.dryRun) {
    const stored = await findAdminFiles(
      db,
      instituteId,
      lines.map((line) => line.externalId),
    );
    for (const line of lines) {
      const current = stored.get(line.externalId);
      if (!current) report.created += 1;
      else if (current.fileName === line.name && current.sha256 === (await sha256Of(line.path))) report.unchanged += 1;
      else report.updated += 1;
    }
    return report;
  }
  for (const line of lines) {
    try {
      const answer = await importAdminFile(
        db,
        storage,
        writer,
        now,
        line.externalId,
        line.name,
        createReadStream(line.path),
      );
      report[answer.action] += 1;
    } catch (error) {
      // Checked above; a file changed on disk since is reported on its line.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      report.errors.push({ line: line.line, field: 'path', rule: error.message });
    }
  }
  report.committed = true;
  return report;
}
