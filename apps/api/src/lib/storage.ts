import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes written to storage but not yet given a key: committed or discarded by the caller. */
/**
 * A stored object as the rows that show it copy it (name, size and digest beside the key): what a replaced upload
 * moves those rows to (the admin API's files).
 */
export interface StoredFileRef {
  fileKey: string;
  fileName: string;
  sizeBytes: number;
  sha256: string | null;
}

export interface Staged {
  id: string;
  size: number;
  sha256: string;
  /** The first bytes, for recognising the type by content. */
  head: Buffer;
}

/** Where files live: local disk or an S3-compatible bucket (s3-storage.ts), behind the same methods. */
export interface Storage {
  /**
   * Streams `source` to a temporary object, never holding it whole in memory; `guard` sees each chunk's size
   * and may throw to stop the write (size limits), which discards what was written.
   */
  stage(source: Readable, guard?: (chunkBytes: number) => void): Promise<Staged>;
  /** A new server-generated key for a file of this extension (to journal before committing under it). */
  reserveKey(extension: string): string;
  /** Moves a staged object under its reserved key; after this it exists whole. */
  commit(staged: Staged, key: string): Promise<void>;
  discard(staged: Staged): Promise<void>;
  /** Writes bytes under a new server-generated key (never a name from the client). */
  putBuffer(data: Buffer | string, extension: string): Promise<{ key: string; size: number }>;
  /** Streams into a new key; the object appears whole or not at all. */
  putStream(source: Readable, extension: string): Promise<{ key: string; size: number }>;
  /**
   * Opens an object; rejects with code ENOENT when it does not exist. `range` picks the bytes to stream from the
   * object's size (HTTP Range); without one, or when it answers undefined, the whole object streams. `size` is
   * always the whole object's.
   */
  open(
    key: string,
    range?: (size: number) => { start: number; end: number } | undefined,
  ): Promise<{ stream: Readable; size: number; range?: { start: number; end: number } }>;
  remove(key: string): Promise<void>;
  /** Resolves when the store answers and can be written (readiness, /readyz); rejects with the reason otherwise. */
  ping(): Promise<void>;
}

const keyPattern = /^\d{4}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** Whether `key` has the form the stores give keys; any other name is treated as not found by every store. */
export const isStorageKey = (key: string) => keyPattern.test(key);

/** The error a store rejects with for an object it does not hold (as `fs` does: code ENOENT). */
export const notFound = (message: string, cause?: unknown) =>
  Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code: 'ENOENT' });

/** Which temporary objects `sweepTemporary` removes: those last written more than `olderThanMs` before `now`. */
export interface SweepOptions {
  now?: Date;
  olderThanMs?: number;
}

/** A store as the server opens it: it also removes the temporary objects a crash left behind. */
export type SweptStorage = Storage & {
  /** Removes temporary objects left by writes that never finished; answers how many it removed. */
  sweepTemporary(options?: SweepOptions): Promise<number>;
};

/**
 * The stream a staged write passes through: `guard` sees each chunk's size first and may throw to stop the write;
 * `measured` answers the size, the sha256 and the first 4096 bytes (for recognising the type by content).
 */
export function stagingMeter(guard?: (chunkBytes: number) => void) {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        guard?.(chunk.length);
      } catch (error) {
        done(error as Error);
        return;
      }
      size += chunk.length;
      hash.update(chunk);
      if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
      done(null, chunk);
    },
  });
  return Object.assign(meter, {
    measured: (): Omit<Staged, 'id'> => ({ size, sha256: hash.digest('hex'), head }),
  });
}

/** A key: year folder and a random id, with a short lower-case extension kept for content sniffing. */
export function newKey(extension: string): string {
  const safe = extension
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  return `${new Date().getUTCFullYear()}/${randomUUID()}${safe ? `.${safe}` : ''}`;
}

/**
 * Files under `root` on local disk. Writes go to `root/.tmp` first and are renamed into place, so a crash
 * leaves no partial object; `sweepTemporary` removes what such a crash left behind.
 */
export function localDiskStorage(root: string): SweptStorage & { root: string } {
  const tmpDir = join(root, '.tmp');
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw notFound('not a storage key');
    return join(root, key);
  };
  const commit = async (temporary: string, key: string) => {
    await mkdir(dirname(join(root, key)), { recursive: true });
    await rename(temporary, join(root, key));
  };
  const storage = {
    root,
    async stage(source: Readable, guard?: (chunkBytes: number) => void): Promise<Staged> {
      await mkdir(tmpDir, { recursive: true });
      const id = randomUUID();
      const temporary = join(tmpDir, id);
      const meter = stagingMeter(guard);
      try {
        await pipeline(source, meter, createWriteStream(temporary, { flags: 'wx' }));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { id, ...meter.measured() };
    },
    reserveKey: newKey,
    async commit(staged: Staged, key: string) {
      pathOf(key);
      await commit(join(tmpDir, staged.id), key);
    },
    async discard(staged: Staged) {
      await rm(join(tmpDir, staged.id), { force: true });
    },
    async putStream(source: Readable, extension: string) {
      const staged = await storage.stage(source);
      const key = newKey(extension);
      await storage.commit(staged, key);
      return { key, size: staged.size };
    },
    async putBuffer(data: Buffer | string, extension: string) {
      const { Readable } = await import('node:stream');
      return storage.putStream(Readable.from([Buffer.from(data)]), extension);
    },
    async open(key: string, range?: (size: number) => { start: number; end: number } | undefined) {
      const path = pathOf(key);
      const { size } = await stat(path);
      const picked = range?.(size);
      return picked
        ? { stream: createReadStream(path, picked), size, range: picked }
        : { stream: createReadStream(path), size };
    },
    async remove(key: string) {
      await rm(pathOf(key), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    /**
     * Without `olderThanMs`, every temporary file: what the server does at start, before it writes any, taking the
     * folder as its own (a bucket shared by processes spares recent ones: s3-storage.ts). With it, only the files
     * last written before `now - olderThanMs`.
     */
    async sweepTemporary({ now = new Date(), olderThanMs }: SweepOptions = {}) {
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      const cutoff = now.getTime() - (olderThanMs ?? 0);
      const old = await Promise.all(
        names.map(async (name) => {
          if (olderThanMs === undefined) return name;
          const modified = await stat(join(tmpDir, name)).then(
            (info) => info.mtimeMs,
            () => undefined,
          );
          return modified !== undefined && modified < cutoff ? name : undefined;
        }),
      );
      const removed = old.filter((name) => name !== undefined);
      await Promise.all(removed.map((name) => rm(join(tmpDir, name), { force: true })));
      return removed.length;
    },
  };
  return storage;
}

const mimeByExtension: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  bmp: 'image/bmp',
  zip: 'application/zip',
  m4v: 'video/x-m4v',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The content type of a stored object, from the extension the server gave its key. */
export const mimeForKey = (key: string) => mimeByExtension[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream';
