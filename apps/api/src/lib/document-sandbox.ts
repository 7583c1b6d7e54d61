// Untrusted office documents are converted by LibreOffice only inside a sandbox (ARCHITECTURE.md, security model).
// A document may link pictures by address (http://, file://) that LibreOffice fetches while converting, and its
// parsers are large: so each conversion runs under bubblewrap in fresh namespaces, with no network (its own empty
// network namespace), no view of the server's files beyond the read-only system programs and fonts, its input
// read-only and one private work folder, as an unprivileged user, under memory, CPU-time and file-size limits, and
// is killed whole at its time limit. Everything it writes stays in the job's folder, removed afterwards.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { isProcessAlive } from './processes.ts';

/** The limits of one conversion. */
export interface SandboxLimits {
  /** Wall-clock time before the whole sandbox is killed; also its CPU-time limit. */
  seconds: number;
  /** Address space of each process in the sandbox. */
  memoryMb: number;
  /** Largest file the sandbox may write (its temporary files, the PDF). */
  fileMb: number;
}

export const defaultSandboxLimits: SandboxLimits = { seconds: 60, memoryMb: 1536, fileMb: 256 };

/** The programs a sandboxed conversion needs. */
export interface SandboxTools {
  soffice: string;
  bwrap: string;
}

/**
 * A conversion stopped by a limit (time, memory, CPU, file size) rather than refused by the converter: it says
 * nothing of the file, so it is tried again later.
 */
export class ConversionLimitError extends Error {
  override name = 'ConversionLimitError';
}

/** The user the sandbox runs as when the server runs as root (Debian's `nobody`). */
const sandboxUser = 65534;

/** LibreOffice's program, and bubblewrap's: found by `SOFFICE_PATH` / `BWRAP_PATH`, else Debian's places. */
export function findSandboxTools(env: NodeJS.ProcessEnv = process.env): Partial<SandboxTools> {
  const first = (...paths: (string | undefined)[]) => paths.find((path): path is string => !!path && existsSync(path));
  return {
    soffice: first(env.SOFFICE_PATH, '/usr/lib/libreoffice/program/soffice', '/usr/bin/soffice'),
    bwrap: first(env.BWRAP_PATH, '/usr/bin/bwrap'),
  };
}

/** The folder holding every job's folder; one per machine, so a restarted process can sweep what a crash left. */
export const jobsRoot = join(tmpdir(), 'campus-office-jobs');

/**
 * Removes job folders whose process is gone (killed mid-conversion); answers how many. A job folder is named
 * `<pid>-<random>`: its process's id tells whether a leftover folder is still in use.
 */
export async function sweepJobFolders(root = jobsRoot): Promise<number> {
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isProcessAlive(pid)) {
      await rm(join(root, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/** A new private job folder: `input/` (read-only in the sandbox) and `work/` (the sandbox's only writable place). */
export async function makeJobFolder(root = jobsRoot): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o711 });
  const folder = join(root, `${process.pid}-${randomUUID()}`);
  await mkdir(join(folder, 'input'), { recursive: true, mode: 0o711 });
  await mkdir(join(folder, 'work', 'tmp'), { recursive: true });
  await mkdir(join(folder, 'work', 'out'), { recursive: true });
  return folder;
}

/**
 * The command line of one conversion: `setpriv` drops root to `nobody` (when the server runs as root), `prlimit`
 * sets the limits every process in the sandbox inherits, and bubblewrap builds the sandbox. Inside it the input is
 * `/input/<name>` and the work folder `/work`.
 */
export function sandboxCommand(
  tools: SandboxTools,
  limits: SandboxLimits,
  job: { input: string; work: string },
  asRoot: boolean,
): string[] {
  const megabytes = (mb: number) => String(mb * 1024 * 1024);
  const inside = `/input/${basename(job.input)}`;
  return [
    ...(asRoot ? ['setpriv', `--reuid=${sandboxUser}`, `--regid=${sandboxUser}`, '--clear-groups'] : []),
    'prlimit',
    `--as=${megabytes(limits.memoryMb)}`,
    `--cpu=${Math.ceil(limits.seconds)}`,
    `--fsize=${megabytes(limits.fileMb)}`,
    '--core=0',
    '--nofile=512',
    '--',
    tools.bwrap,
    // New user, mount, PID, network, IPC, UTS and cgroup namespaces: the network namespace is empty but for its
    // own loopback, so neither the internet nor this machine's services are reachable.
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--uid',
    String(sandboxUser),
    '--gid',
    String(sandboxUser),
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    // LibreOffice's own configuration and the fonts; nothing else of /etc.
    '--ro-bind-try',
    '/etc/libreoffice',
    '/etc/libreoffice',
    '--ro-bind-try',
    '/etc/fonts',
    '/etc/fonts',
    '--ro-bind-try',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    megabytes(16),
    '--tmpfs',
    '/tmp',
    '--bind',
    job.work,
    '/work',
    '--ro-bind',
    job.input,
    inside,
    '--setenv',
    'HOME',
    '/work',
    '--setenv',
    'TMPDIR',
    '/work/tmp',
    '--setenv',
    'PATH',
    '/usr/bin',
    '--chdir',
    '/work',
    '--',
    tools.soffice,
    '-env:UserInstallation=file:///work/profile',
    '--headless',
    '--norestore',
    '--nolockcheck',
    '--convert-to',
    'pdf',
    '--outdir',
    '/work/out',
    inside,
  ];
}

/**
 * Runs one command in its own process group, killing the whole group when `seconds` pass. Rejects with a
 * ConversionLimitError when it was killed (by the timer, or by a limit's signal), with an Error when it failed.
 */
function runKilledAtLimit(command: string[], seconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const [program, ...args] = command as [string, ...string[]];
    const child = spawn(program, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    let timedOut = false;
    const killGroup = () => {
      try {
        // The group holds setpriv/prlimit/bwrap; bwrap's --die-with-parent and its PID namespace take the rest.
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup();
      if (timedOut) reject(new ConversionLimitError(`conversion took longer than ${seconds} s`));
      // A limit ends a process by a signal (SIGXCPU, SIGXFSZ, SIGKILL) or by an abort when memory runs out.
      else if (signal || code === null || code > 128) {
        reject(new ConversionLimitError(`conversion stopped by ${signal ?? `exit ${code}`}`));
      } else if (code !== 0) reject(new Error(`converter exited with ${code}: ${stderr.trim().slice(0, 300)}`));
      else resolve();
    });
  });
}

/**
 * A converter that runs LibreOffice in the sandbox: `input` (inside `folder/input/`) becomes PDF bytes. The caller
 * owns `folder` (made by makeJobFolder) and removes it.
 */
export function sandboxedConverter(tools: SandboxTools, limits: SandboxLimits = defaultSandboxLimits) {
  const asRoot = process.getuid?.() === 0;
  return async (input: string, folder: string): Promise<Buffer> => {
    const work = join(folder, 'work');
    if (asRoot) {
      // nobody reads the input and writes the work folder; nothing else of the job is theirs.
      await chmod(input, 0o644);
      for (const path of [work, join(work, 'tmp'), join(work, 'out')]) {
        await chown(path, sandboxUser, sandboxUser);
        await chmod(path, 0o700);
      }
    }
    await runKilledAtLimit(sandboxCommand(tools, limits, { input, work }, asRoot), limits.seconds);
    const [pdf] = (await readdir(join(work, 'out')).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.pdf'),
    );
    if (!pdf) throw new Error('LibreOffice wrote no PDF');
    const bytes = await readFile(join(work, 'out', pdf));
    if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error('LibreOffice wrote no PDF');
    return bytes;
  };
}
