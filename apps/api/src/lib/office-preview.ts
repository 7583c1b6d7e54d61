// Office documents (doc, docx, xls, xlsx, ppt, pptx) previewed as PDF without any outside service: LibreOffice
// in headless mode converts the stored file once, the PDF is stored and remembered in office_previews, and a file
// the converter cannot read is remembered as failed (its preview says 'Preview not supported. Please download the
// file.'). Conversions run one at a time, each with its own LibreOffice profile and a time limit.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { officePreviews } from '../db/schema/index.ts';
import type { Storage } from './storage.ts';

/** Converts a file (by path) to PDF bytes; rejects when it cannot. */
export type OfficeConverter = (path: string) => Promise<Buffer>;

/** The LibreOffice program: `SOFFICE_PATH`, else Debian's `/usr/bin/soffice`; undefined when not installed. */
export function findSoffice(): string | undefined {
  const candidates = [process.env.SOFFICE_PATH, '/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/** LibreOffice headless as a converter (`timeoutMs` per file). */
export function libreOfficeConverter(soffice: string, timeoutMs = 60_000): OfficeConverter {
  return async (path) => {
    const work = join(tmpdir(), `office-preview-${randomUUID()}`);
    await mkdir(work, { recursive: true });
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          soffice,
          [
            `-env:UserInstallation=file://${join(work, 'profile')}`,
            '--headless',
            '--norestore',
            '--convert-to',
            'pdf',
            '--outdir',
            join(work, 'out'),
            path,
          ],
          { timeout: timeoutMs },
          (error) => (error ? reject(error) : resolve()),
        );
      });
      const [pdf] = (await readdir(join(work, 'out')).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.pdf'),
      );
      if (!pdf) throw new Error('LibreOffice wrote no PDF');
      const bytes = await readFile(join(work, 'out', pdf));
      if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error('LibreOffice wrote no PDF');
      return bytes;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

/** Office Open XML files are zips; the older binary formats are OLE compound files. */
const signatures: Record<string, Buffer> = {
  docx: Buffer.from('504b0304', 'hex'),
  xlsx: Buffer.from('504b0304', 'hex'),
  pptx: Buffer.from('504b0304', 'hex'),
  doc: Buffer.from('d0cf11e0a1b11ae1', 'hex'),
  xls: Buffer.from('d0cf11e0a1b11ae1', 'hex'),
  ppt: Buffer.from('d0cf11e0a1b11ae1', 'hex'),
};

/**
 * Whether the file starts as its format must: LibreOffice would otherwise read a damaged document as plain text
 * and 'preview' its bytes.
 */
export function looksLikeOffice(extension: string, head: Buffer): boolean {
  const signature = signatures[extension];
  return signature !== undefined && head.subarray(0, signature.length).equals(signature);
}

/** The stored PDF preview of an office file, converting it on first use; undefined when it cannot be previewed. */
export function officePreviewer(db: Db, storage: Storage, converter: OfficeConverter | undefined) {
  let queue: Promise<unknown> = Promise.resolve();
  const pending = new Map<string, Promise<string | undefined>>();

  async function convert(sourceKey: string): Promise<string | undefined> {
    if (!converter) return undefined;
    const extension = sourceKey.split('.').at(-1) ?? 'bin';
    const work = join(tmpdir(), `office-source-${randomUUID()}.${extension}`);
    let previewKey: string | undefined;
    try {
      const { stream } = await storage.open(sourceKey);
      await pipeline(stream, createWriteStream(work));
      const head = (await readFile(work)).subarray(0, 8);
      if (!looksLikeOffice(extension, head)) throw new Error('not an office document');
      previewKey = (await storage.putBuffer(await converter(work), 'pdf')).key;
    } catch {
      previewKey = undefined;
    } finally {
      await rm(work, { force: true });
    }
    await db
      .insert(officePreviews)
      .values({ sourceFileKey: sourceKey, previewFileKey: previewKey ?? null, failed: !previewKey })
      .onConflictDoNothing();
    return previewKey;
  }

  return async function previewOf(sourceKey: string): Promise<string | undefined> {
    const [row] = await db.select().from(officePreviews).where(eq(officePreviews.sourceFileKey, sourceKey));
    if (row) return row.previewFileKey ?? undefined;
    let running = pending.get(sourceKey);
    if (!running) {
      // One conversion at a time on this process: LibreOffice is heavy.
      running = queue.then(() => convert(sourceKey));
      queue = running.catch(() => undefined);
      pending.set(sourceKey, running);
      void running.finally(() => pending.delete(sourceKey));
    }
    return running;
  };
}

export type OfficePreviewer = ReturnType<typeof officePreviewer>;
