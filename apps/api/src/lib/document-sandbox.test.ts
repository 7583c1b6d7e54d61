import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tinyPng } from '../db/seed/media-files.ts';
import {
  embeddedPictureDocx,
  linkedPictureDocx,
  linkedPictureOdt,
  pdfHasPicture,
  zipBombDocx,
} from '../../test/office-documents.ts';
import {
  ConversionLimitError,
  defaultSandboxLimits,
  findSandboxTools,
  makeJobFolder,
  sandboxedConverter,
  sweepJobFolders,
  type SandboxLimits,
  type SandboxTools,
} from './document-sandbox.ts';

const found = findSandboxTools();
// CI installs LibreOffice and bubblewrap (scripts/test.mjs): there these tests never skip.
const canRun = Boolean(found.soffice && found.bwrap) || process.env.CI === 'true';
const tools = found as SandboxTools;

/** Every process whose command line names `text`, and their descendants, as `/proc` lists them now. */
function processesOf(text: string): number[] {
  const parents = new Map<number, number>();
  const roots: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) roots.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** Whether a process still runs (a zombie has ended: it only waits to be reaped). */
function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Every one of `pids` has ended. The group kill ends bwrap at once; the kernel then kills the rest of its PID
 * namespace, which on a loaded machine can take a moment after the converter has answered: polled, up to 5 s.
 */
async function expectAllGone(pids: number[]) {
  await vi.waitFor(() => expect(pids.filter(isAlive)).toEqual([]), { timeout: 5_000, interval: 50 });
}

/** Converts `bytes` as `name` in a new job folder; answers the PDF or the error and the sandbox's processes. */
async function convert(bytes: Buffer, name: string, limits: SandboxLimits = defaultSandboxLimits) {
  const folder = await makeJobFolder();
  const input = join(folder, 'input', name);
  await writeFile(input, bytes);
  const seen = new Set<number>();
  // The sandbox's processes, collected while it runs: bubblewrap names the job folder, LibreOffice descends from it.
  const watch = setInterval(() => processesOf(folder).forEach((pid) => seen.add(pid)), 100);
  try {
    const pdf = await sandboxedConverter(tools, limits)(input, folder);
    return { pdf, error: undefined, processes: [...seen] };
  } catch (error) {
    return { pdf: undefined, error: error as Error, processes: [...seen] };
  } finally {
    clearInterval(watch);
    await rm(folder, { recursive: true, force: true });
  }
}

describe.skipIf(!canRun)('document sandbox', () => {
  let listener: Server;
  const requests: string[] = [];
  let address = '';

  beforeAll(async () => {
    // What an attacker's link would reach on this machine: it answers every request with a picture.
    const picture = tinyPng(8, 8, [0x12, 0x34, 0x56]);
    listener = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    address = `127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('draws pictures that are inside the document (the control for the checks below)', async () => {
    const { pdf, error } = await convert(embeddedPictureDocx(tinyPng(8, 8, [200, 10, 10])), 'inside.docx');
    expect(error).toBeUndefined();
    expect(pdfHasPicture(pdf!)).toBe(true);
  });

  it('reaches no network: a picture linked on this machine is never asked for', async () => {
    const { pdf, error } = await convert(linkedPictureDocx(`http://${address}/internal/secret.png`), 'linked.docx');
    expect(error).toBeUndefined();
    expect(requests).toEqual([]);
    expect(pdfHasPicture(pdf!)).toBe(false);
  });

  it('sees no file outside its job: pictures linked by file:// stay out of the PDF', async () => {
    // Another institute's stored picture, where the server keeps its files.
    const store = mkdtempSync(join(tmpdir(), 'portal-store-'));
    const secret = join(store, 'secret.png');
    writeFileSync(secret, tinyPng(8, 8, [0x12, 0x34, 0x56]));
    try {
      for (const [bytes, name] of [
        [linkedPictureDocx(`file://${secret}`), 'file-link.docx'],
        // OpenDocument embeds linked pictures; the previewer refuses it by content, the sandbox holds regardless.
        [linkedPictureOdt(`file://${secret}`), 'file-link.odt'],
      ] as const) {
        const { pdf, error } = await convert(bytes, name);
        expect(error, name).toBeUndefined();
        expect(pdfHasPicture(pdf!), name).toBe(false);
      }
    } finally {
      await rm(store, { recursive: true, force: true });
    }
  });

  it('kills the whole sandbox at its time limit and leaves no process behind', async () => {
    // 60 MB of paragraphs: far more than 5 s of work, and under the file-size limit.
    const { error, processes } = await convert(zipBombDocx(60), 'slow.docx', { ...defaultSandboxLimits, seconds: 5 });
    expect(error).toBeInstanceOf(ConversionLimitError);
    expect(processes.length).toBeGreaterThan(1);
    await expectAllGone(processes);
  });

  it('ends a zip bomb within its limits, leaving no process behind', async () => {
    // 300 MB of XML in a 1 MB file: LibreOffice's inflated copy meets the file-size limit.
    const { pdf, error, processes } = await convert(zipBombDocx(300), 'bomb.docx', {
      seconds: 30,
      memoryMb: 1024,
      fileMb: 128,
    });
    expect(pdf).toBeUndefined();
    expect(error).toBeInstanceOf(Error);
    await expectAllGone(processes);
  });
});

describe('sweepJobFolders', () => {
  it('removes the job folders of processes that are gone, and only those', async () => {
    const root = mkdtempSync(join(tmpdir(), 'office-jobs-'));
    // Process ids above the kernel's limit (2^22) never run.
    await mkdir(join(root, '4999999-left-by-a-crash'));
    await mkdir(join(root, `${process.pid}-running`));
    expect(await sweepJobFolders(root)).toBe(1);
    expect(readdirSync(root)).toEqual([`${process.pid}-running`]);
    await rm(root, { recursive: true, force: true });
  });
});
