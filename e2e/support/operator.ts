import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs one of the operator's commands (`apps/api/src/cli.ts`: institute, import, admin:key…) on a PGlite data
 * directory no server is running on; answers what it printed, or fails with it.
 */
export function operatorTool(name: string, dataDir: string, args: string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['apps/api/src/cli.ts', name, ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${name} ${args.join(' ')}: ${stdout}${stderr}`)) : resolve(stdout),
    );
  });
}
