// The file store the configuration names (STORAGE), opened the same way by the server, the command-line tools and
// `npm run db:reset`.
import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { localDiskStorage, newKey, type SweptStorage } from './storage.ts';

type StorageConfig = Pick<
  Config,
  'STORAGE' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * DATA_DIR/files on local disk, or the bucket S3_BUCKET. The S3 store's module (the AWS SDK, about 0.2 s to load)
 * is loaded on its first use, so a server or a tool on local disk never loads it.
 */
export function openConfiguredStorage(config: StorageConfig): SweptStorage {
  if (config.STORAGE === 'local') return localDiskStorage(resolve(config.DATA_DIR, 'files'));
  const bucket = config.S3_BUCKET;
  // loadConfig refuses STORAGE=s3 without a bucket; this keeps a hand-made configuration from getting further.
  if (!bucket) throw new Error('S3_BUCKET must be set when STORAGE is s3');
  let loaded: Promise<SweptStorage> | undefined;
  const store = () =>
    (loaded ??= import('./s3-storage.ts').then(({ s3Storage, s3ClientConfig }) =>
      s3Storage({ bucket, clientConfig: s3ClientConfig(config) }),
    ));
  return {
    reserveKey: newKey,
    stage: async (source, guard) => (await store()).stage(source, guard),
    commit: async (staged, key) => (await store()).commit(staged, key),
    discard: async (staged) => (await store()).discard(staged),
    putBuffer: async (data, extension) => (await store()).putBuffer(data, extension),
    putStream: async (source, extension) => (await store()).putStream(source, extension),
    open: async (key, range) => (await store()).open(key, range),
    remove: async (key) => (await store()).remove(key),
    ping: async () => (await store()).ping(),
    sweepTemporary: async (options) => (await store()).sweepTemporary(options),
  };
}
