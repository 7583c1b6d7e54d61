// The command-line tools in a test: in-process (runTool with captured output), or as an operator runs them, a
// Node process on src/cli.ts (for what only a process shows: its exit code and streams).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { runTool } from '../src/cli-tools.ts';

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

const apiRoot = resolve(import.meta.dirname, '..');

/** Runs the tool `name` in this process with `env` over the test process's own. */
export async function toolInProcess(name: string, args: string[], env: Record<string, string>): Promise<ToolRun> {
  let stdout = '';
  let stderr = '';
  const code = await runTool(name, {
    args,
    env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

/** Runs `node src/cli.ts <args>` as its own process with `env` over the test process's own. */
export function toolProcess(args: string[], env: Record<string, string>): Promise<ToolRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['src/cli.ts', ...args],
      { cwd: apiRoot, env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
