import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const apiRoot = resolve(import.meta.dirname, '..');

/** Runs a command-line tool as an operator does, on an empty data folder (none of these cases opens it). */
function run(script: string, ...args: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: apiRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A stack trace's frame line ("    at parseArgs (node:internal/…)"). */
const stackFrame = /^\s+at /m;

describe.each([
  ['npm run import', 'src/features/admin/import.cli.ts'],
  ['npm run admin:key', 'src/features/admin/admin-key.cli.ts'],
  ['npm run institute', 'src/features/admin/institute.cli.ts'],
  ['npm run sso:link', 'src/features/auth/sso-link.cli.ts'],
])('%s', (command, script) => {
  it('prints its usage for --help and -h, and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await run(script, flag);
      expect(stdout).toMatch(/^Usage:/);
      expect(stdout).toContain(`${command} -- `);
      expect(`${stdout}${stderr}`).not.toMatch(stackFrame);
      expect(code).toBe(0);
    }
  }, 60_000);

  it('names an option it does not take in one line, prints its usage, and exits 2', async () => {
    const { code, stdout, stderr } = await run(script, '--no-such-option');
    expect(stderr.split('\n')[0]).toBe("Unknown option '--no-such-option'.");
    expect(stderr).toContain(`Usage:`);
    expect(stderr).toContain(`${command} -- `);
    expect(`${stdout}${stderr}`).not.toMatch(stackFrame);
    expect(code).toBe(2);
  }, 60_000);
});
