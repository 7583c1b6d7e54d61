// Child processes of the benches: start a script under tsx from the repository root, wait until it answers, stop it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

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

/** CPU time (ms) a process has used so far, from /proc (user + system). */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the name: state is field 3, utime 14 and stime 15 (1-based), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return 0;
  }
}
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
