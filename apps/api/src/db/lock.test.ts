import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'portal-lock-'));

describe('lockDataDir', () => {
  it('refuses a directory another live process holds, naming DATA_DIR', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'portal.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/^DATA_DIR: .* is in use by another process \(pid \d+\)/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose process died (a crash must not block the restart)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'portal.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'portal.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
  });

  it('can be taken again after release', () => {
    const dir = tempDir();
    lockDataDir(dir)();
    const release = lockDataDir(dir);
    release();
  });
});
