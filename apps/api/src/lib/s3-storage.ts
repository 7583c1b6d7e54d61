// Files in an S3-compatible bucket (issue 30), with the semantics of the local store (storage.ts).
//
// Downloads stream from the bucket through the API; they are not redirected to presigned S3 addresses. The API's
// download addresses are signed, short-lived and bound to the institute's host (signed-urls.ts), the access check
// runs per request, and byte ranges, Content-Disposition, the content type from the key and the sandboxing headers
// are set in one place (serve-file.ts). A presigned bucket address would be a second kind of link, valid for anyone
// holding it on another host, whose headers the bucket sets. The cost is the bytes passing through the API process,
// which streams them with backpressure (a slow reader holds one socket, not the file).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.ts';
import {
  isStorageKey,
  newKey,
  notFound,
  stagingMeter,
  type Staged,
  type SweepOptions,
  type SweptStorage,
} from './storage.ts';

/** Temporary objects (staged, not yet committed) live under this prefix, which no key can start with. */
const temporaryPrefix = 'tmp/';

/**
 * How old a temporary object must be before a sweep removes it. Several API processes share the bucket, so a sweep
 * must spare the objects of uploads still in progress elsewhere: an upload may last an hour (plugins/timeouts.ts,
 * uploadMaxMs), and S3 dates an object written in parts from the start of its upload, so an hour is not enough.
 */
export const temporaryGraceMs = 2 * 60 * 60 * 1000;

/**
 * Parts of 5 MiB (S3's smallest), two sent at a time: an upload holds the parts in flight and the one it gathers,
 * about 15-20 MiB however large the file (a 150 MB upload is never held whole: bench/s3-upload.ts), and objects up
 * to 50 GB fit in S3's 10,000 parts.
 */
const defaultPartBytes = 5 * 1024 * 1024;
const defaultPartsAtOnce = 2;

export interface S3StorageOptions {
  bucket: string;
  /** A client to use (tests pass one for their server); otherwise one is made from `clientConfig`. */
  client?: S3Client;
  clientConfig?: S3ClientConfig;
  partBytes?: number;
  partsAtOnce?: number;
}

export type S3Storage = SweptStorage & {
  bucket: string;
  client: S3Client;
  /** The size of the object under `key`, or undefined when there is none (the copy tool's resume check). */
  sizeOf(key: string): Promise<number | undefined>;
};

/**
 * Connections to the bucket each process may hold. A download holds one for as long as its client takes to read it (a
 * phone on a slow network, a video played from ranges): the SDK's default of 50 would queue the 51st download.
 */
const connectionsAtOnce = 512;

/** The client settings of the configuration; credentials come from the SDK's own variables (AWS_ACCESS_KEY_ID…). */
export function s3ClientConfig(config: Pick<Config, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE'>) {
  return {
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    requestHandler: {
      httpAgent: { maxSockets: connectionsAtOnce },
      httpsAgent: { maxSockets: connectionsAtOnce },
    },
  } satisfies S3ClientConfig;
}

/** What the SDK raises for an object (or part) that is not there: NoSuchKey, or a 404 without a body (HEAD). */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || (name !== 'NoSuchBucket' && $metadata?.httpStatusCode === 404);
}

/** Errors of a missing object become the local store's ENOENT, so callers (serve-file.ts) need not tell stores apart. */
const missingAsNotFound = (key: string) => (error: unknown) => {
  throw isMissing(error) ? notFound(`no object ${key}`, error) : error;
};

/** Files in `bucket`: temporary objects under tmp/, committed ones under the same keys as on local disk. */
export function s3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = options.client ?? new S3Client(options.clientConfig ?? {});
  const partSize = options.partBytes ?? defaultPartBytes;
  const queueSize = options.partsAtOnce ?? defaultPartsAtOnce;
  const checkKey = (key: string) => {
    if (!isStorageKey(key)) throw notFound('not a storage key');
  };
  const deleteObject = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));

  const storage: S3Storage = {
    bucket,
    client,
    async stage(source: Readable, guard?: (chunkBytes: number) => void): Promise<Staged> {
      const id = randomUUID();
      const key = `${temporaryPrefix}${id}`;
      const meter = stagingMeter(guard);
      // Upload reads `meter` a part at a time, so the source is paused while parts are in flight. A failed upload
      // stops reading: destroying `meter` then ends the pipeline too.
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: meter }, partSize, queueSize });
      const [piped, uploaded] = await Promise.allSettled([
        pipeline(source, meter),
        upload.done().catch((error: unknown) => {
          meter.destroy(error as Error);
          throw error;
        }),
      ]);
      if (piped.status === 'rejected' || uploaded.status === 'rejected') {
        // Both have settled, so Upload has aborted its multipart upload (or tried: a failed abort is its error, which
        // is why the source's or the guard's error is the one thrown). Nothing was completed, but a completed upload
        // whose answer was lost would be left: delete it.
        await deleteObject(key).catch(() => undefined);
        throw piped.status === 'rejected' ? piped.reason : (uploaded as PromiseRejectedResult).reason;
      }
      return { id, ...meter.measured() };
    },
    reserveKey: newKey,
    async commit(staged: Staged, key: string) {
      checkKey(key);
      // A server-side copy: the object appears whole under its key or not at all, without passing through here.
      await client
        .send(
          new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: `${bucket}/${temporaryPrefix}${staged.id}` }),
        )
        .catch(missingAsNotFound(`${temporaryPrefix}${staged.id}`));
      // The object is in place: a temporary copy left by a failed delete is the sweep's to remove.
      await deleteObject(`${temporaryPrefix}${staged.id}`).catch(() => undefined);
    },
    async discard(staged: Staged) {
      await deleteObject(`${temporaryPrefix}${staged.id}`);
    },
    async putStream(source: Readable, extension: string) {
      const staged = await storage.stage(source);
      const key = newKey(extension);
      await storage.commit(staged, key).catch(async (error: unknown) => {
        await storage.discard(staged).catch(() => undefined);
        throw error;
      });
      return { key, size: staged.size };
    },
    async putBuffer(data: Buffer | string, extension: string) {
      const { Readable } = await import('node:stream');
      return storage.putStream(Readable.from([Buffer.from(data)]), extension);
    },
    async open(key: string, range?: (size: number) => { start: number; end: number } | undefined) {
      checkKey(key);
      const get = async (bytes?: { start: number; end: number }) => {
        const answer = await client
          .send(
            new GetObjectCommand({
              Bucket: bucket,
              Key: key,
              ...(bytes ? { Range: `bytes=${bytes.start}-${bytes.end}` } : {}),
            }),
          )
          .catch(missingAsNotFound(key));
        return { stream: answer.Body as Readable, length: answer.ContentLength ?? 0 };
      };
      // Without a range to work out, one request: its answer carries the size.
      if (!range) {
        const { stream, length } = await get();
        return { stream, size: length };
      }
      const { ContentLength: size = 0 } = await client
        .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        .catch(missingAsNotFound(key));
      const picked = range(size);
      const { stream } = await get(picked);
      return picked ? { stream, size, range: picked } : { stream, size };
    },
    async remove(key: string) {
      checkKey(key);
      await deleteObject(key);
    },
    /** The bucket answers with these credentials (HeadBucket needs the right to list it). */
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async sizeOf(key: string) {
      checkKey(key);
      return client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        (answer) => answer.ContentLength ?? 0,
        (error: unknown) => {
          if (isMissing(error)) return undefined;
          throw error;
        },
      );
    },
    /**
     * Removes the temporary objects last written before `now - olderThanMs` (by default the grace above, as other
     * processes' uploads may be in progress), and aborts the multipart uploads under tmp/ begun before it: those a
     * crashed process left, whose parts S3 keeps (and bills) until aborted. A server without the listing of
     * multipart uploads (s3rver) is left to its lifecycle rules.
     */
    async sweepTemporary({ now = new Date(), olderThanMs = temporaryGraceMs }: SweepOptions = {}) {
      const cutoff = now.getTime() - olderThanMs;
      let removed = 0;
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: temporaryPrefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified || object.LastModified.getTime() >= cutoff) continue;
          await deleteObject(object.Key);
          removed += 1;
        }
      }
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client
          .send(
            new ListMultipartUploadsCommand({
              Bucket: bucket,
              Prefix: temporaryPrefix,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          )
          .catch((error: unknown) => {
            if ((error as { name?: string }).name === 'NotImplemented') return undefined;
            throw error;
          });
        for (const upload of page?.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() >= cutoff) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed += 1;
        }
        if (!page?.IsTruncated) break;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
      return removed;
    },
  };
  return storage;
}
