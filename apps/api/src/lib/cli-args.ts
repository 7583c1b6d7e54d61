// The command-line tools' arguments: node's parseArgs throws on an option it was not told about (--help among
// them), which printed a stack trace. Here --help/-h prints the usage and a wrong argument one line and the usage.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * Parses the tool's arguments as `parseArgs(config)` does. `--help` or `-h`: the usage on stdout, exit 0. An
 * option the tool does not take, a missing value or a stray argument: one line naming it and the usage on stderr,
 * exit 2.
 */
export function parseCliArgs<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  const withHelp = { ...config, options: { ...config.options, help: { type: 'boolean', short: 'h' } } } as T;
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(withHelp);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!code?.startsWith('ERR_PARSE_ARGS_')) throw error;
    // The first sentence names the argument; the rest is advice about '--' that does not fit these tools.
    const [first] = (error as Error).message.split(/(?<=\.) /);
    process.stderr.write(`${first!.replace(/\.?$/, '.')}\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  return parsed;
}
