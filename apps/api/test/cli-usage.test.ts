import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolNames } from '../src/cli-tools.ts';
import { toolInProcess, toolProcess } from './cli.ts';

/** An empty data folder (none of these cases opens it). */
const emptyDataDir = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-cli-')) });

/** A stack trace's frame line ("    at parseArgs (node:internal/…)"). */
const stackFrame = /^\s+at /m;

const commands = [
  ['npm run import', 'import'],
  ['npm run admin:key', 'admin:key'],
  ['npm run institute', 'institute'],
  ['npm run sso:link', 'sso:link'],
  ['npm run storage:copy-to-s3', 'storage:copy-to-s3'],
] as const;

it('covers every tool the entry knows', () => {
  expect(commands.map(([, tool]) => tool).sort()).toEqual([...toolNames].sort());
});

describe.each(commands)('%s', (command, tool) => {
  it('prints its usage for --help and -h, and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await toolInProcess(tool, [flag], emptyDataDir());
      expect(stdout).toMatch(/^Usage:/);
      expect(stdout).toContain(`${command} -- `);
      expect(`${stdout}${stderr}`).not.toMatch(stackFrame);
      expect(code).toBe(0);
    }
  });

  it('names an option it does not take in one line, prints its usage, and exits 2', async () => {
    const { code, stdout, stderr } = await toolInProcess(tool, ['--no-such-option'], emptyDataDir());
    expect(stderr.split('\n')[0]).toBe("Unknown option '--no-such-option'.");
    expect(stderr).toContain(`Usage:`);
    expect(stderr).toContain(`${command} -- `);
    expect(`${stdout}${stderr}`).not.toMatch(stackFrame);
    expect(code).toBe(2);
  });
});

// The entry hands the tool the process's arguments and streams and exits with its code: seen from outside.
describe('the entry, src/cli.ts, as an operator runs it', () => {
  it('exits 0 with the usage on stdout for --help, and 2 with one line and the usage on stderr for a wrong option', async () => {
    const help = await toolProcess(['import', '--help'], emptyDataDir());
    expect(help.stdout).toMatch(/^Usage:\n {2}npm run import -- /);
    expect(help.code).toBe(0);
    const wrong = await toolProcess(['institute', '--no-such-option'], emptyDataDir());
    expect(wrong.stderr.split('\n')[0]).toBe("Unknown option '--no-such-option'.");
    expect(wrong.stderr).toContain('npm run institute -- ');
    expect(`${wrong.stdout}${wrong.stderr}`).not.toMatch(stackFrame);
    expect(wrong.code).toBe(2);
  }, 60_000);

  it('names the tools when given none it knows, and exits 2', async () => {
    const { code, stderr } = await toolInProcess('no-such-tool', [], emptyDataDir());
    expect(stderr).toContain(`the tools: ${toolNames.join(', ')}`);
    expect(code).toBe(2);
  });
});
