import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '../lib/processes.ts';

/** Raised when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * Takes an exclusive lock on a PGlite data directory, because PGlite does not lock it itself and two writers
 * corrupt it. A pid file rather than a timed lease, so a restart right after a crash (SIGKILL) is not refused:
 * a lock whose process is gone is stale and taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR: ${dataDir} is in use by another process (pid ${holder}); stop it or choose another DATA_DIR`,
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`DATA_DIR: could not lock ${dataDir}; another process keeps taking it`);
}
