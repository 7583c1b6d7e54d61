import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { generatedStream, storageContract } from '../../test/storage-contract.ts';
import { s3Storage } from './s3-storage.ts';
import { localDiskStorage } from './storage.ts';

describe('local disk storage', () => {
  storageContract(async () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-files-'));
    const storage = localDiskStorage(root);
    return {
      storage,
      temporaryNames: () => readdir(join(root, '.tmp')).catch(() => []),
      keys: async () =>
        (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => relative(root, join(entry.parentPath, entry.name)))
          .filter((path) => !path.startsWith('.tmp')),
    };
  });
});

/** Every key in the bucket. */
async function listKeys(client: S3Client, bucket: string): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (answer.Contents ?? []).map((object) => object.Key!);
}

describe('S3 storage, on a real S3-compatible server (s3rver)', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server.stop();
  });

  const openStore = async () => {
    const bucket = await server.createBucket();
    const client = server.client();
    return { bucket, client, storage: s3Storage({ bucket, client }) };
  };

  storageContract(async () => {
    const { bucket, client, storage } = await openStore();
    return {
      storage,
      temporaryNames: async () => (await listKeys(client, bucket)).filter((key) => key.startsWith('tmp/')),
      keys: async () => (await listKeys(client, bucket)).filter((key) => !key.startsWith('tmp/')),
    };
  });

  it('aborts its multipart upload when the guard stops a write', async () => {
    const { storage } = await openStore();
    const sent: string[] = [];
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'recordCommands' },
    );
    let total = 0;
    const tooLarge = new Error('too large');
    const write = storage.stage(generatedStream('abort', 14 * 1024 * 1024), (bytes) => {
      total += bytes;
      if (total > 11 * 1024 * 1024) throw tooLarge;
    });
    // s3rver answers the abort 405 (it has none): the guard's error is still the one the write rejects with.
    await expect(write).rejects.toBe(tooLarge);
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
  });

  it('keeps fresh temporary objects when swept with the default grace (other processes may be uploading)', async () => {
    const { storage } = await openStore();
    const staged = await storage.stage(generatedStream('fresh', 1_000));
    expect(await storage.sweepTemporary()).toBe(0);
    await storage.commit(staged, storage.reserveKey('txt'));
  });

  it('answers the size of an object, or undefined when it is missing', async () => {
    const { storage } = await openStore();
    const { key } = await storage.putBuffer('twelve bytes', 'txt');
    expect(await storage.sizeOf(key)).toBe(12);
    expect(await storage.sizeOf('2025/00000000-0000-4000-8000-000000000000.txt')).toBeUndefined();
  });

  it('refuses the readiness ping when its bucket does not exist', async () => {
    const { client } = await openStore();
    await expect(s3Storage({ bucket: 'no-such-bucket', client }).ping()).rejects.toThrow();
  });
});
