// Office documents (doc, docx, xls, xlsx, ppt, pptx) previewed as PDF without any outside service: LibreOffice
// converts the stored file once, inside the document sandbox (document-sandbox.ts), the PDF is stored and remembered
// in office_previews. A file whose content is not the container its name says, or that the converter cannot read,
// is remembered as failed (its preview says 'Preview not supported. Please download the file.'); a conversion
// stopped by a limit is tried again later, with a growing pause. A few conversions run at once on each process.
// Conversions run as jobs (features/files/office-preview.jobs.ts) on whichever process works them: the worker beside
// API processes, or the API process itself on WORKER=inline.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../db/client.ts';
import { findPreview, rememberPreview, type PreviewOutcome } from './office-preview.repository.ts';
import {
  ConversionLimitError,
  defaultSandboxLimits,
  findSandboxTools,
  jobsRoot,
  makeJobFolder,
  sandboxedConverter,
  sweepJobFolders,
  type SandboxLimits,
} from './document-sandbox.ts';
import type { Storage } from './storage.ts';

/**
 * Converts `input` (a file inside the job folder `folder`) to PDF bytes; rejects when it cannot, with a
 * ConversionLimitError when a limit stopped it. Anything it writes belongs in `folder`, which the caller removes.
 */
export type OfficeConverter = (input: string, folder: string) => Promise<Buffer>;

/**
 * The container each extension must hold, as file-type names it: Office Open XML by its main part's content type,
 * the older binary formats as OLE compound files. OpenDocument, plain zips and anything else are refused, so a
 * document LibreOffice would read by another filter (an OpenDocument file renamed .docx) is never converted.
 */
const containers: Record<string, string> = {
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  doc: 'cfb',
  xls: 'cfb',
  ppt: 'cfb',
};

/** Whether a stored file named `name` is an office document to preview, by its extension (content checked later). */
export const isOfficeName = (name: string) => Object.hasOwn(containers, name.split('.').at(-1)?.toLowerCase() ?? '');

/** Whether the file at `path` is the container its extension names; reads only the bytes detection needs. */
export async function isOfficeContainer(extension: string, path: string): Promise<boolean> {
  const expected = containers[extension];
  if (!expected) return false;
  const detected = await fileTypeFromFile(path).catch(() => undefined);
  return detected?.ext === expected;
}

/** The pause before the next try of a conversion stopped by a limit `attempts` times: 1 min, ×4 each time, ≤ 1 day. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 86_400_000);
}

/** The sandbox's limits per conversion, and how many conversions each process runs at once (configuration). */
export type OfficePreviewLimits = Partial<SandboxLimits> & { atOnce?: number };

/** The limits of the configuration (config.ts), as the API process and the worker both read them. */
export const officePreviewLimitsOf = (config: {
  OFFICE_PREVIEWS_AT_ONCE: number;
  OFFICE_PREVIEW_SECONDS: number;
  OFFICE_PREVIEW_MEMORY_MB: number;
}): Required<Pick<OfficePreviewLimits, 'atOnce' | 'seconds' | 'memoryMb'>> => ({
  atOnce: config.OFFICE_PREVIEWS_AT_ONCE,
  seconds: config.OFFICE_PREVIEW_SECONDS,
  memoryMb: config.OFFICE_PREVIEW_MEMORY_MB,
});

/** How a process previews office files: by the converter given, or by LibreOffice in the document sandbox. */
export interface OfficePreviewSettings {
  /** undefined: LibreOffice in the sandbox when both are installed; null: no previews; a function: that converter. */
  officeConverter?: OfficeConverter | null;
  /** The sandbox's limits per conversion, and how many conversions run at once. */
  officePreviews?: OfficePreviewLimits;
}

/**
 * The converter a process uses (the API's on WORKER=inline, the worker's). LibreOffice never runs outside the
 * sandbox: without bubblewrap, office files are not previewed (they can still be downloaded), and the log says why.
 */
export function officeConverterFrom(
  settings: OfficePreviewSettings,
  log: { warn(message: string): void },
): OfficeConverter | undefined {
  if (settings.officeConverter !== undefined) return settings.officeConverter ?? undefined;
  const { soffice, bwrap } = findSandboxTools();
  if (!soffice) {
    log.warn('office previews are off: LibreOffice (soffice) was not found');
    return undefined;
  }
  if (!bwrap) {
    log.warn('office previews are off: LibreOffice runs only in the bubblewrap sandbox, and bwrap was not found');
    return undefined;
  }
  return sandboxedConverter({ soffice, bwrap }, { ...defaultSandboxLimits, ...settings.officePreviews });
}

export interface OfficePreviewOptions {
  /** Conversions this process runs at once; more requests wait for a free place. */
  atOnce: number;
  now: () => Date;
  log?: { warn(details: object, message: string): void };
}

/** At most `size` tasks at once, the rest in arrival order. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** The stored PDF preview of an office file, converting it on first use; undefined when it cannot be previewed. */
export function officePreviewer(
  db: Db,
  storage: Storage,
  converter: OfficeConverter | undefined,
  options: OfficePreviewOptions,
) {
  const inSlot = slots(Math.max(1, options.atOnce));
  const pending = new Map<string, Promise<string | undefined>>();
  // Job folders of a process killed mid-conversion.
  const swept = converter ? sweepJobFolders(jobsRoot).catch(() => 0) : Promise.resolve(0);

  /** Records the outcome unless another process already stored a preview. */
  const remember = (sourceKey: string, outcome: PreviewOutcome) =>
    rememberPreview(db, sourceKey, outcome, options.now());

  async function convert(sourceKey: string, attempts: number): Promise<string | undefined> {
    if (!converter) return undefined;
    await swept;
    const extension = sourceKey.split('.').at(-1) ?? 'bin';
    const folder = await makeJobFolder(jobsRoot);
    try {
      const input = join(folder, 'input', `source.${extension}`);
      try {
        const { stream } = await storage.open(sourceKey);
        await pipeline(stream, createWriteStream(input, { mode: 0o600 }));
      } catch {
        // The store is away or the file is gone: no verdict on the document.
        return undefined;
      }
      if (!(await isOfficeContainer(extension, input))) {
        await remember(sourceKey, { failed: true });
        return undefined;
      }
      try {
        const previewKey = (await storage.putBuffer(await converter(input, folder), 'pdf')).key;
        await remember(sourceKey, { previewFileKey: previewKey, failed: false, retryAt: null });
        return previewKey;
      } catch (error) {
        if (error instanceof ConversionLimitError) {
          const retryAt = new Date(options.now().getTime() + retryDelayMs(attempts + 1));
          options.log?.warn({ sourceKey, reason: error.message, retryAt }, 'office preview stopped by a limit');
          await remember(sourceKey, { failed: false, attempts: attempts + 1, retryAt });
        } else {
          // Operators see why a document got no preview; the user sees 'Preview not supported'.
          options.log?.warn({ sourceKey, reason: (error as Error).message }, 'office preview refused by the converter');
          await remember(sourceKey, { failed: true });
        }
        return undefined;
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /**
   * Why `sourceKey` has no preview, asked after previewOf answered none: the document was refused (not a real office
   * file, or the converter could not read it: the spec's 'Preview not supported'), or a preview may come later (no
   * converter on this server, a limit stopped it and it waits `retryAt`, or the store was away).
   */
  async function whyNone(sourceKey: string): Promise<{ reason: 'refused' | 'no-converter' | 'later'; retryAt?: Date }> {
    const row = await findPreview(db, sourceKey);
    if (row?.failed) return { reason: 'refused' };
    if (!converter) return { reason: 'no-converter' };
    return row?.retryAt && row.retryAt > options.now()
      ? { reason: 'later', retryAt: row.retryAt }
      : { reason: 'later' };
  }

  return Object.assign(previewOf, { whyNone, converts: converter !== undefined, atOnce: Math.max(1, options.atOnce) });

  async function previewOf(sourceKey: string): Promise<string | undefined> {
    const row = await findPreview(db, sourceKey);
    if (row?.previewFileKey) return row.previewFileKey;
    if (row?.failed) return undefined;
    if (row?.retryAt && row.retryAt > options.now()) return undefined;
    let running = pending.get(sourceKey);
    if (!running) {
      running = inSlot(() => convert(sourceKey, row?.attempts ?? 0));
      pending.set(sourceKey, running);
      void running.finally(() => pending.delete(sourceKey));
    }
    return running;
  }
}

export type OfficePreviewer = ReturnType<typeof officePreviewer>;
