import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toolInProcess } from '../../test/cli.ts';
import { s3TestCredentials, startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { s3Storage } from './s3-storage.ts';
import { copyLocalStore } from './storage-copy.ts';
import { localDiskStorage } from './storage.ts';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server.stop();
});

/** A data folder whose local store holds `count` objects, a temporary file and a stray file. */
async function localStore(count: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-copy-'));
  const local = localDiskStorage(join(dataDir, 'files'));
  const objects: { key: string; body: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const body = `object ${index} `.repeat(index + 1);
    objects.push({ key: (await local.putBuffer(body, index % 2 ? 'pdf' : 'jpg')).key, body });
  }
  // A write a crash left unfinished, and a file no key can name: neither is copied.
  await local.stage((await import('node:stream')).Readable.from([Buffer.from('half')]));
  writeFileSync(join(dataDir, 'files', 'notes.txt'), 'not an object');
  return { dataDir, root: join(dataDir, 'files'), objects };
}

const openBucket = async () => {
  const bucket = await server.createBucket();
  return s3Storage({ bucket, client: server.client() });
};

const read = async (storage: ReturnType<typeof s3Storage>, key: string) =>
  (await buffer((await storage.open(key)).stream)).toString();

describe('copyLocalStore', () => {
  it('copies every object under its key, leaving out the temporary folder and names that are not keys', async () => {
    const { root, objects } = await localStore(5);
    const target = await openBucket();
    const report = await copyLocalStore(root, target);
    expect(report).toMatchObject({ copied: 5, skipped: 0, ignored: ['notes.txt'] });
    expect(report.copiedBytes).toBe(objects.reduce((sum, object) => sum + object.body.length, 0));
    for (const object of objects) expect(await read(target, object.key)).toBe(object.body);
    expect(await target.sweepTemporary({ olderThanMs: 0, now: new Date(Date.now() + 60_000) })).toBe(0);
  });

  it('resumes after an interruption: what is in the bucket with its size is skipped, the rest copied', async () => {
    const { root, objects } = await localStore(6);
    const target = await openBucket();
    let commits = 0;
    const failing = {
      ...target,
      commit: async (...args: Parameters<typeof target.commit>) => {
        commits += 1;
        if (commits === 3) throw new Error('connection reset');
        return target.commit(...args);
      },
    };
    await expect(copyLocalStore(root, failing, { atOnce: 1 })).rejects.toThrow('connection reset');
    expect(await target.sizeOf(objects.map((object) => object.key).sort()[2]!)).toBeUndefined();

    const again = await copyLocalStore(root, target);
    expect(again).toMatchObject({ copied: 4, skipped: 2 });
    for (const object of objects) expect(await read(target, object.key)).toBe(object.body);
    expect(await copyLocalStore(root, target)).toMatchObject({ copied: 0, skipped: 6 });
  });

  it('copies again an object the bucket holds with another size', async () => {
    const { root, objects } = await localStore(2);
    const target = await openBucket();
    const [first] = objects;
    await target.client.send(new PutObjectCommand({ Bucket: target.bucket, Key: first!.key, Body: 'cut' }));
    expect(await copyLocalStore(root, target)).toMatchObject({ copied: 2, skipped: 0 });
    expect(await read(target, first!.key)).toBe(first!.body);
  });
});

describe('npm run storage:copy-to-s3', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // The SDK reads its credentials from the process's environment (its standard variables), as in production.
  const stubCredentials = () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3TestCredentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3TestCredentials.secretAccessKey);
  };

  it('copies the store named by DATA_DIR into the bucket of the S3 settings, then skips it on a second run', async () => {
    stubCredentials();
    const { dataDir, objects } = await localStore(3);
    const target = await openBucket();
    const env = {
      DATA_DIR: dataDir,
      S3_BUCKET: target.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    };
    const first = await toolInProcess('storage:copy-to-s3', [], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(
      `Copied 3 objects (0.0 MB) to the bucket ${target.bucket}; skipped 0 already there.`,
    );
    expect(first.stdout).toContain('Left out 1 files whose names are not storage keys: notes.txt');
    expect(first.code).toBe(0);
    for (const object of objects) expect(await read(target, object.key)).toBe(object.body);

    const second = await toolInProcess('storage:copy-to-s3', [], env);
    expect(second.stdout).toContain('Copied 0 objects (0.0 MB)');
    expect(second.stdout).toContain('skipped 3 already there.');
    expect(second.code).toBe(0);
  });

  it('refuses in one line without a bucket, or when the bucket cannot be reached', async () => {
    stubCredentials();
    const { dataDir } = await localStore(1);
    const none = await toolInProcess('storage:copy-to-s3', [], { DATA_DIR: dataDir });
    expect(none.stderr).toBe('S3_BUCKET is not set: name the bucket to copy DATA_DIR/files into\n');
    expect(none.code).toBe(1);

    const missing = await toolInProcess('storage:copy-to-s3', [], {
      DATA_DIR: dataDir,
      S3_BUCKET: 'no-such-bucket',
      S3_ENDPOINT: server.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(missing.stderr).toMatch(/^The copy stopped after 0 objects \(.+\); run it again to resume\n$/);
    expect(missing.code).toBe(1);

    const empty = mkdtempSync(join(tmpdir(), 'portal-copy-'));
    mkdirSync(join(empty, 'elsewhere'));
    const noStore = await toolInProcess('storage:copy-to-s3', [], { DATA_DIR: empty, S3_BUCKET: 'some-bucket' });
    expect(noStore.stderr).toBe(`No local store to copy: ${join(empty, 'files')} does not exist\n`);
  });
});
