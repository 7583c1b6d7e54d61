import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import { fixedNow, templatePart } from './template.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** A free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/**
 * V8's compile cache for the servers the tests start (Node's NODE_COMPILE_CACHE): a start after the first skips
 * most of compiling the API's modules (their import took 2.4-2.8 s, 1.9 with the cache, session 21).
 */
export const compileCache = join(tmpdir(), 'portal-node-compile-cache');

/** Starts the real server (`src/server.ts`) as its own process with `env`. */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_COMPILE_CACHE: compileCache,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  return { child, output: () => output, exited };
}

/** Kills every server a test started and left running. */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Waits until /readyz answers 200; answers the milliseconds it took. */
export async function waitReady(port: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not ready within ${timeoutMs} ms`);
}

/** Waits until the server's output matches `pattern` (checked as it arrives, no fixed sleep). */
export function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(server.output())) return;
      cleanUp();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanUp();
      reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanUp = () => {
      clearTimeout(timer);
      server.child.stdout!.off('data', check);
      server.child.stderr!.off('data', check);
    };
    // Listeners added after startServer's run after it, so output() already holds the new chunk.
    server.child.stdout!.on('data', check);
    server.child.stderr!.on('data', check);
    check();
  });
}

/**
 * A new data directory holding a copy of the run's migrated PGlite database with no rows (test/template.ts): a
 * server started on it skips initdb and the migrations, and still seeds the demo unless SEED_DEMO=false.
 */
export async function migratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
  const template = inject('apiTemplate');
  const dump = template.pgliteMigratedDump;
  if (!dump) throw new Error('this run has no migrated template (test/global-setup.ts)');
  await templatePart(template, 'migrated');
  const database = await openPglite(join(dataDir, 'pglite'), new Blob([readFileSync(dump)]));
  await database.close();
  return dataDir;
}

/**
 * A new data directory holding a copy of the run's seeded demo (database and files, test/template.ts), with the
 * server environment that puts its clock at the seed's `fixedNow` (CLOCK_OFFSET_MS): a server started on it finds
 * the demo as seeded and skips seeding it again, which took most of a first start.
 */
export async function seededDataDir(): Promise<{ dataDir: string; env: Record<string, string> }> {
  const template = inject('apiTemplate');
  if (!template.pgliteDump) throw new Error('this run has no seeded template (test/global-setup.ts)');
  await templatePart(template, 'seeded');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
  const database = await openPglite(join(dataDir, 'pglite'), new Blob([readFileSync(template.pgliteDump)]));
  await database.close();
  if (existsSync(template.storageRoot)) cpSync(template.storageRoot, join(dataDir, 'files'), { recursive: true });
  return { dataDir, env: { DATA_DIR: dataDir, CLOCK_OFFSET_MS: String(fixedNow.getTime() - Date.now()) } };
}
