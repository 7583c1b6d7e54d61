// Child processes of the benches: start a script under tsx from the repository root, wait until it answers, stop it.
// A bench must never measure a process it did not start: a port someone else listens on stops the bench at start,
// a child that exits before it answers stops it at once, and the process answering must be the child. The children
// go with the bench, whether it ends, fails or is killed (SIGINT, SIGTERM, SIGHUP).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

/** The children started here and not yet exited. */
const running = new Set<ChildProcess>();
/** The child last started on each port (env PORT), exited or not: `waitFor` watches it. */
const childOnPort = new Map<number, ChildProcess>();

/** The listening TCP sockets' inodes on `port` (any address, IPv4 or IPv6), from /proc/net. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue; // no IPv6
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; st 0A is LISTEN; the inode is the tenth field.
      if (fields[3] === '0A' && parseInt(fields[1]?.split(':')[1] ?? '', 16) === port) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** The processes holding a socket that listens on `port` (empty when none does). */
export function listenersOf(port: number): number[] {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return [];
  const sockets = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readdirSync(`/proc/${entry}/fd`).some((fd) => sockets.has(readlinkSync(`/proc/${entry}/fd/${fd}`)))) {
        pids.push(Number(entry));
      }
    } catch {
      // Exited meanwhile, or not ours to read.
    }
  }
  // A socket nobody's descriptors show (another namespace, no permission) is still someone's: -1 stands for it.
  return pids.length > 0 ? pids : [-1];
}

const describe = (pids: number[]) =>
  pids
    .map((pid) => {
      if (pid < 0) return 'a process this bench cannot see';
      try {
        return `pid ${pid} (${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 160)})`;
      } catch {
        return `pid ${pid}`;
      }
    })
    .join(', ');

let exitHandlersInstalled = false;
/** What a bench undoes when a signal ends it (its finally blocks do not run then): dropping its database. */
const cleanups = new Set<() => unknown>();

/**
 * Runs `cleanup` after the children have stopped if a signal ends the bench; the returned function unregisters it
 * (call it where the bench's own finally has done the same).
 */
export function onSignal(cleanup: () => unknown): () => void {
  installExitHandlers();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** The children go with this process: on its exit (SIGTERM, as `stop` does) and on a signal that would kill it. */
function installExitHandlers() {
  if (exitHandlersInstalled) return;
  exitHandlersInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGTERM');
  });
  const signals = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
  for (const [signal, number] of Object.entries(signals)) {
    process.once(signal, () => {
      console.error(`bench: ${signal}; stopping ${running.size} child server(s)`);
      // Each gets the servers' graceful SIGTERM, and SIGKILL if it is still there after 12 s (its grace is 10 s).
      const children = [...running];
      for (const child of children) child.kill('SIGTERM');
      const killAt = setTimeout(() => {
        for (const child of running) child.kill('SIGKILL');
      }, 12_000);
      void Promise.all(children.map((child) => exited(child)))
        .then(async () => {
          clearTimeout(killAt);
          for (const cleanup of cleanups) await cleanup();
        })
        .catch((error: unknown) => console.error('bench: cleaning up after the signal failed:', error))
        .finally(() => process.exit(128 + number));
    });
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Runs `script` (a path from the repository root) with only PATH and `env`, its output on ours; `nodeArgs` go
 * before it (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). Throws when `env.PORT` is already listened on.
 */
export function start(script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  const port = env.PORT ? Number(env.PORT) : undefined;
  if (port !== undefined) {
    const holders = listenersOf(port);
    if (holders.length > 0) {
      throw new Error(`bench: port ${port} for ${script} is already in use by ${describe(holders)}; stop it first`);
    }
  }
  installExitHandlers();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  if (port !== undefined) childOnPort.set(port, child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Resolves once `address` answers 2xx; throws after about a minute (or `attempts` × 200 ms). When a child started
 * here was given the address's port, throws as soon as it exits, and unless that child is the one listening.
 */
export async function waitFor(address: string, attempts = 300) {
  const port = Number(new URL(address).port);
  const child = childOnPort.get(port);
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `bench: the server for ${address} exited (${child.exitCode ?? child.signalCode}) before it answered`,
      );
    }
    const answered = await fetch(address).then(
      (response) => response.ok,
      () => false, // not up yet
    );
    if (answered) {
      const holders = child ? listenersOf(port) : [];
      if (child && !holders.includes(child.pid!)) {
        throw new Error(`bench: ${address} is answered by ${describe(holders)}, not by the server started for it`);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${address} did not come up`);
}

/** SIGTERM, then waits for the exit (at once when it has already exited). */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited(child);
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
export const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
