// Copies a local store (DATA_DIR/files) into a bucket under the same keys, so the rows that name them hold when the
// server moves to STORAGE=s3 (`npm run storage:copy-to-s3`, storage-copy.cli.ts). It can be run again at any time:
// an object already in the bucket with the local file's size is skipped, so a second run after an interruption, or
// after stopping the server, copies only what is missing. Each object is staged and committed like an upload, so an
// interrupted copy leaves no partial object under a key (only temporary ones, which the server's sweep removes).
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { S3Storage } from './s3-storage.ts';
import { isStorageKey } from './storage.ts';

export type CopyTarget = Pick<S3Storage, 'stage' | 'commit' | 'discard' | 'sizeOf'>;

export interface CopyReport {
  copied: number;
  copiedBytes: number;
  /** Already in the bucket with the same size. */
  skipped: number;
  /** Files under the root whose names are not storage keys (no row can name them), left out. */
  ignored: string[];
}

/** The files of the local store at `root` as keys, the temporary folder left out; other names apart. */
async function localObjects(root: string): Promise<{ keys: string[]; ignored: string[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((name) => !name.startsWith('.tmp/'))
    .sort();
  return { keys: names.filter(isStorageKey), ignored: names.filter((name) => !isStorageKey(name)) };
}

/** Copies what the bucket lacks, `atOnce` objects at a time; stops at the first failure, which it throws. */
export async function copyLocalStore(
  root: string,
  target: CopyTarget,
  options: { atOnce?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<CopyReport> {
  const { keys, ignored } = await localObjects(root);
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, ignored };
  let next = 0;
  let done = 0;
  let failure: { error: unknown } | undefined;
  const copyOne = async (key: string) => {
    const path = join(root, key);
    const { size } = await stat(path);
    if ((await target.sizeOf(key)) === size) {
      report.skipped += 1;
      return;
    }
    const staged = await target.stage(createReadStream(path));
    try {
      await target.commit(staged, key);
    } catch (error) {
      await target.discard(staged).catch(() => undefined);
      throw error;
    }
    report.copied += 1;
    report.copiedBytes += staged.size;
  };
  const worker = async () => {
    while (!failure && next < keys.length) {
      const key = keys[next]!;
      next += 1;
      try {
        await copyOne(key);
      } catch (error) {
        failure ??= { error };
        return;
      }
      done += 1;
      options.onProgress?.(done, keys.length);
    }
  };
  await Promise.all(Array.from({ length: options.atOnce ?? 4 }, worker));
  if (failure) throw failure.error;
  return report;
}
