// The command-line tools by name, and how one runs: known refusals as one line on stderr (exit 1), anything else
// with its stack. src/cli.ts runs one on the process; the tests run them in-process (test/cli.ts).
import { ConfigError } from './config.ts';
import { DatabaseUnavailableError } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { CliError, CliExit, type CliIo, type CliTool } from './lib/cli.ts';

/** Loaded on demand: a tool's start pays only for its own modules. */
const tools: Record<string, () => Promise<CliTool>> = {
  import: async () => (await import('./features/admin/import.cli.ts')).importTool,
  institute: async () => (await import('./features/admin/institute.cli.ts')).instituteTool,
  'admin:key': async () => (await import('./features/admin/admin-key.cli.ts')).adminKeyTool,
  'sso:link': async () => (await import('./features/auth/sso-link.cli.ts')).ssoLinkTool,
  'storage:copy-to-s3': async () => (await import('./lib/storage-copy.cli.ts')).storageCopyTool,
};

export const toolNames = Object.keys(tools);

/** Runs the tool `name` on `io`; answers its exit code. */
export async function runTool(name: string | undefined, io: CliIo): Promise<number> {
  const load = name === undefined ? undefined : tools[name];
  if (!load) {
    io.err(`Usage: node src/cli.ts <tool> [arguments]; the tools: ${toolNames.join(', ')}\n`);
    return 2;
  }
  try {
    return (await (await load())(io)) ?? 0;
  } catch (error) {
    if (error instanceof CliExit) return error.code;
    const known = [CliError, ConfigError, DatabaseUnavailableError, DataDirLockedError].some(
      (type) => error instanceof type,
    );
    io.err(known ? `${(error as Error).message}\n` : `${String((error as Error)?.stack ?? error)}\n`);
    return 1;
  }
}
