// `npm run import -- --institute <host> --kind <kind> <file.csv>`: loads a CSV file of one kind (see
// docs/importing.md); `--all <folder>` loads every <kind>.csv of a folder in load order. `--template <kind>` prints the kind's header line; `--dry-run` checks everything and reports
// what would change; `--skip-invalid` imports the good rows of a file with bad ones; `--delete` deletes the rows
// the file names; `--passwords-out <file>` / `--send-sms` hand out the first passwords of logins it creates.
import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { adminColumns } from '@campus/domain/admin/admin.contract';
import { csvLine } from '@campus/domain/shared/csv';
import { adminKinds, type AdminKind } from '@campus/domain/admin/admin.endpoints';
import { cliStorage, instituteOfHost, openCliDatabase } from './cli-database.ts';
import { importFiles, fileListColumns } from './import-files.ts';
import { importCsv, type ImportReport } from './import.service.ts';
import type { Database } from '../../db/client.ts';
import { CliError, parseCliArgs, type CliIo, type CliTool } from '../../lib/cli.ts';

const usage = `Usage:
  npm run import -- --institute <host> --kind <kind> [--dry-run] [--skip-invalid] [--delete]
                    [--passwords-out <file>] [--send-sms] <file.csv>
  npm run import -- --institute <host> --all <folder> [the same options]
                    (every <kind>.csv in the folder, files.csv first, then in the order below)
  npm run import -- --template <kind>
Kinds, in the order a first load runs them: ${adminKinds.join(', ')}
and files (external_id, path, name: the files rows name by file_external_id; load them before those rows)
`;

export const importTool: CliTool = async (io) => {
  const { values, positionals } = parseCliArgs(
    io,
    {
      allowPositionals: true,
      options: {
        institute: { type: 'string' },
        kind: { type: 'string' },
        template: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'skip-invalid': { type: 'boolean', default: false },
        delete: { type: 'boolean', default: false },
        'passwords-out': { type: 'string' },
        'send-sms': { type: 'boolean', default: false },
        all: { type: 'string' },
      },
    },
    usage,
  );
  const isKind = (kind: string | undefined): kind is AdminKind => adminKinds.includes(kind as AdminKind);
  if (values.template !== undefined) {
    if (!isKind(values.template) && values.template !== 'files') {
      throw new CliError(`Unknown kind ${values.template}.\n${usage}`);
    }
    const columns = values.template === 'files' ? fileListColumns : adminColumns(values.template);
    io.out(`${columns.map((column) => column.name).join(',')}\n`);
    io.err(
      `Required: ${columns
        .filter((column) => column.required)
        .map((column) => column.name)
        .join(', ')}. ` + 'Dates DD-MM-YYYY or YYYY-MM-DD; yes/no; lists separated by |. See docs/importing.md.\n',
    );
    return;
  }
  const file = positionals[0];
  const folder = values.all;
  const kind = values.kind;
  const single = !folder && (isKind(kind) || kind === 'files') && file && positionals.length === 1;
  const whole = folder && !kind && positionals.length === 0;
  if (!values.institute || !(single || whole)) {
    io.err(usage);
    return 2;
  }
  // --all: every <kind>.csv the folder has, files first, then the kinds in load order (each may name the ones before).
  const plan: { kind: AdminKind | 'files'; file: string }[] = whole
    ? (['files', ...adminKinds] as const)
        .map((each) => ({ kind: each, file: join(folder, `${each}.csv`) }))
        .filter((step) => existsSync(step.file))
    : [{ kind: kind as AdminKind | 'files', file: file! }];
  if (plan.length === 0) throw new CliError(`No <kind>.csv file in ${folder}`);
  for (const step of plan) if (!existsSync(step.file)) throw new CliError(`No file ${step.file}`);
  const passwordsOut = values['passwords-out'];
  if (passwordsOut && existsSync(passwordsOut)) {
    throw new CliError(`${passwordsOut} exists already: name a new file (passwords are written once)`);
  }
  const database = await openCliDatabase(io.env);
  try {
    const instituteId = await instituteOfHost(database, values.institute);
    const createdLogins: ImportReport['createdLogins'] = [];
    let exitCode = 0;
    for (const step of plan) {
      const report = await importOne(io, database, instituteId, step.kind, step.file, values, Boolean(passwordsOut));
      if (report.committed) createdLogins.push(...report.createdLogins);
      exitCode = Math.max(exitCode, report.exitCode);
      // A kind that did not load stops a whole-folder run: the kinds after it may name its rows.
      if (!report.committed && !values['dry-run']) break;
    }
    if (passwordsOut && createdLogins.length > 0 && !values['dry-run']) {
      writeFileSync(
        passwordsOut,
        `external_id,login,password\n${createdLogins.map((login) => csvLine([login.key, login.login, login.password])).join('\n')}\n`,
        { mode: 0o600, flag: 'wx' },
      );
      io.out(`First passwords of ${createdLogins.length} new logins written to ${passwordsOut}\n`);
    }
    if (values['send-sms'] && createdLogins.length > 0) {
      io.out(`First passwords of ${createdLogins.filter((login) => login.phone).length} new logins queued as texts\n`);
    }
    return exitCode;
  } finally {
    await database.close();
  }
};

/** Imports one file of one kind, printing its errors and counts; answers the report and the exit code it earns. */
async function importOne(
  io: CliIo,
  database: Database,
  instituteId: number,
  kind: AdminKind | 'files',
  file: string,
  values: { 'dry-run': boolean; 'skip-invalid': boolean; delete: boolean; 'send-sms': boolean; institute?: string },
  hasPasswordsOut: boolean,
): Promise<ImportReport & { exitCode: number }> {
  const started = Date.now();
  let lastProgress = 0;
  const onProgress = (rows: number) => {
    if (Date.now() - lastProgress < 1000) return;
    lastProgress = Date.now();
    const seconds = (Date.now() - started) / 1000;
    io.err(`${kind}: ${rows.toLocaleString('en-IN')} rows read (${Math.round(rows / seconds)}/s)\n`);
  };
  const common = {
    db: database.db,
    instituteId,
    now: new Date(),
    mode: values.delete ? ('remove' as const) : ('upsert' as const),
    dryRun: values['dry-run'],
    skipInvalid: values['skip-invalid'],
    onProgress,
  };
  const report =
    kind === 'files'
      ? await importFiles({ ...common, storage: cliStorage(io.env), listPath: resolve(file) })
      : await importCsv({
          ...common,
          kind,
          input: createReadStream(file),
          sendSms: values['send-sms'],
          hasPasswordsOut,
          // Receipts' QR codes open the portal at the host named (served over TLS behind the reverse proxy).
          receipts: { storage: cliStorage(io.env), origin: `https://${values.institute}` },
        });
  for (const error of report.errors.slice(0, 200)) {
    io.out(`${error.line > 0 ? `line ${error.line}` : 'file'}, ${error.field}: ${error.rule}\n`);
  }
  if (report.errors.length > 200) io.out(`… and ${report.errors.length - 200} more errors\n`);
  const counts = `created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, deleted ${report.deleted}, restored ${report.restored}${report.missing ? `, not found ${report.missing}` : ''}, errors ${report.errors.length}${report.skipped ? `, skipped ${report.skipped}` : ''}`;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (values['dry-run']) {
    io.out(`Dry run of ${report.rows} rows of ${kind} (${seconds} s), nothing changed. Would be: ${counts}\n`);
    return { ...report, exitCode: report.errors.length > 0 ? 1 : 0 };
  }
  if (!report.committed) {
    io.out(`Nothing changed in ${kind}: the file has errors (${counts}). Fix them, or run with --skip-invalid.\n`);
    return { ...report, exitCode: 1 };
  }
  io.out(`Imported ${report.rows} rows of ${kind} (${seconds} s): ${counts}\n`);
  return { ...report, exitCode: report.skipped > 0 ? 1 : 0 };
}
