// The database the command-line tools (admin keys, import) open: the server's own configuration (DATABASE_URL,
// or the PGlite folder in DATA_DIR under its lock, so a running server on PGlite must be stopped first).
import { normaliseHost } from '@campus/domain/shell/shell.contract';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openConfiguredDatabase } from '../../db/open.ts';
import { findInstituteIdByHost } from '../../access/institute-hosts.repository.ts';
import { CliError } from '../../lib/cli.ts';
import { openConfiguredStorage } from '../../lib/configured-storage.ts';

/** The server's file storage (where the import stores the receipts of the payments it records). */
export const cliStorage = (env: NodeJS.ProcessEnv) => openConfiguredStorage(loadConfig(env));

/** Opens (and migrates) the configured database. */
export async function openCliDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  return openConfiguredDatabase(loadConfig(env), () => new Date(), cliStorage(env));
}

/** The institute answering at `host`, or an error naming the host. */
export async function instituteOfHost(database: Database, host: string): Promise<number> {
  const instituteId = await findInstituteIdByHost(database.db, normaliseHost(host));
  if (instituteId === undefined) throw new CliError(`No institute answers at the host ${host}`);
  return instituteId;
}
