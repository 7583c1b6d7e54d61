// Child processes of the benches: start a script under tsx from the repository root, wait until it answers, stop it.
import { spawn, type ChildProcess } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/** Runs `script` (a path from the repository root) with only PATH and `env`, its output on ours. */
export function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resolves once `address` answers 2xx; throws after about a minute (or `attempts` × 200 ms). */
export async function waitFor(address: string, attempts = 300) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      if ((await fetch(address)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${address} did not come up`);
}

/** SIGTERM, then waits for the exit (at once when it has already exited). */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
