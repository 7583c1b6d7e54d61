// The database the command-line tools (admin keys, import) open: the server's own configuration (DATABASE_URL,
// or the PGlite folder in DATA_DIR under its lock, so a running server on PGlite must be stopped first).
import { resolve } from 'node:path';
import { normaliseHost } from '@campus/domain/shell/shell.contract';
import { ConfigError, loadConfig } from '../../config.ts';
import { DatabaseUnavailableError, type Database } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/lock.ts';
import { openConfiguredDatabase } from '../../db/open.ts';
import { findInstituteIdByHost } from '../../access/session.repository.ts';
import { localDiskStorage } from '../../lib/storage.ts';

/** The server's file storage (where the import stores the receipts of the payments it records). */
export const cliStorage = () => localDiskStorage(resolve(loadConfig(process.env).DATA_DIR, 'files'));

/** Opens (and migrates) the configured database. */
export async function openCliDatabase(): Promise<Database> {
  return openConfiguredDatabase(loadConfig(process.env), () => new Date(), cliStorage());
}

/** The institute answering at `host`, or an error naming the host. */
export async function instituteOfHost(database: Database, host: string): Promise<number> {
  const instituteId = await findInstituteIdByHost(database.db, normaliseHost(host));
  if (instituteId === undefined) throw new CliError(`No institute answers at the host ${host}`);
  return instituteId;
}

/** A refusal the tool prints as one line (exit code 1). */
export class CliError extends Error {
  override name = 'CliError';
}

/** Runs a tool: known failures as one line on stderr, exit 1; anything else with its stack. */
export function runCli(main: () => Promise<number | void>) {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      const known = [CliError, ConfigError, DatabaseUnavailableError, DataDirLockedError].some(
        (type) => error instanceof type,
      );
      process.stderr.write(known ? `${(error as Error).message}\n` : `${String((error as Error)?.stack ?? error)}\n`);
      process.exit(1);
    },
  );
}
