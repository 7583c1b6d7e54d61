import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3TestCredentials, startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { openConfiguredStorage } from './configured-storage.ts';
import { s3Storage } from './s3-storage.ts';

describe('openConfiguredStorage', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server.stop();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('opens DATA_DIR/files on local disk by default', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
    const storage = openConfiguredStorage(loadConfig({ DATA_DIR: dataDir }));
    const { key } = await storage.putBuffer('on disk', 'txt');
    expect(existsSync(join(dataDir, 'files', key))).toBe(true);
  });

  it('opens the bucket of the S3 settings with STORAGE=s3, credentials from the SDK variables', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3TestCredentials.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3TestCredentials.secretAccessKey);
    const bucket = await server.createBucket();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-data-')),
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: server.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = openConfiguredStorage(config);
    const { key } = await storage.putBuffer('in the bucket', 'txt');
    const range = await storage.open(key, () => ({ start: 3, end: 5 }));
    expect((await buffer(range.stream)).toString()).toBe('the');
    // The same object, seen by a store of the test server's own client.
    const direct = s3Storage({ bucket, client: server.client() });
    expect(await direct.sizeOf(key)).toBe('in the bucket'.length);
    await storage.remove(key);
    expect(await direct.sizeOf(key)).toBeUndefined();
    expect(existsSync(join(config.DATA_DIR, 'files'))).toBe(false);
  });
});
