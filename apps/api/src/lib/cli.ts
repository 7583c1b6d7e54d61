// The command-line tools' common parts. A tool is a function of its arguments, environment and output streams
// (CliIo), not of `process`: the entry (src/cli.ts) hands it the process's, and the tests run it in-process with
// their own, as starting a Node process for each call cost seconds.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CliIo {
  args: string[];
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

/** A tool: answers its exit code (none: 0), or throws a CliError (one line, exit 1) or a CliExit. */
export type CliTool = (io: CliIo) => Promise<number | void>;

/** A refusal the tool prints as one line (exit 1). */
export class CliError extends Error {
  override name = 'CliError';
}

/** Ends the tool with `code`, its output already written (--help, a wrong argument). */
export class CliExit extends Error {
  override name = 'CliExit';
  readonly code: number;
  constructor(code: number) {
    super(`exit ${code}`);
    this.code = code;
  }
}

/**
 * Parses the tool's arguments as `parseArgs(config)` does (node's parseArgs throws on an option it was not told
 * about, --help among them, which printed a stack trace). `--help` or `-h`: the usage on stdout, exit 0. An option
 * the tool does not take, a missing value or a stray argument: one line naming it and the usage on stderr, exit 2.
 */
export function parseCliArgs<T extends ParseArgsConfig>(
  io: CliIo,
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  const withHelp = {
    ...config,
    args: io.args,
    options: { ...config.options, help: { type: 'boolean', short: 'h' } },
  } as T;
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(withHelp);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!code?.startsWith('ERR_PARSE_ARGS_')) throw error;
    // The first sentence names the argument; the rest is advice about '--' that does not fit these tools.
    const [first] = (error as Error).message.split(/(?<=\.) /);
    io.err(`${first!.replace(/\.?$/, '.')}\n${usage}`);
    throw new CliExit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.out(usage);
    throw new CliExit(0);
  }
  return parsed;
}
