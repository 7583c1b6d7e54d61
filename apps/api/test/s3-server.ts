// A real S3-compatible server for tests and benchmarks: s3rver (@20minutes/s3rver 5.0.0, Node 24) on a free port
// with its objects in a temporary folder. It checks the SDK's v4 signatures, so clients use its fixed credentials.
//
// What it needs from a client (found in session 22 against SDK 3.1175):
// - Path-style addresses (`forcePathStyle`), as it serves one host.
// - Bucket-level requests (CreateBucket, ListObjectsV2) without the trailing slash the SDK puts after the bucket
//   (`PUT /bucket/`): s3rver checks the signature of the path without it and answers SignatureDoesNotMatch. Object
//   requests are unaffected. The clients made here drop the slash before signing (as s3rver's own SDK v3 tests do);
//   a client made elsewhere (the API server started with STORAGE=s3, whose start lists the bucket to sweep it) needs
//   the server started with `checkSignatures: false`.
// - Nothing about checksums: the SDK's default CRC32 request checksums (requestChecksumCalculation
//   WHEN_SUPPORTED) are sent as headers beside a signed payload hash for the Buffers of each part, which it accepts
//   and ignores; it returns none, so there is nothing to validate on reads.
// - It has no AbortMultipartUpload (405 MethodNotAllowed) and no ListMultipartUploads (501 NotImplemented): an
//   aborted upload's parts stay in its folder, never listed as objects.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

// It ships no types: the constructor and the two methods used here.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  allowMismatchedSignatures: boolean;
}) => S3rverServer;

export interface S3TestServer {
  endpoint: string;
  /** A client for this server (destroyed by `stop`). */
  client(): S3Client;
  /** Creates a bucket of a new name through the SDK and answers its name. */
  createBucket(): Promise<string>;
  stop(): Promise<void>;
}

/** s3rver's fixed account. */
export const s3TestCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let buckets = 0;

/**
 * Starts s3rver on a free port of 127.0.0.1. `checkSignatures: false` lets through requests whose signature does not
 * match (still signed with its credentials): for clients without the middleware below.
 */
export async function startS3Server({ checkSignatures = true } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: !checkSignatures,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Client[] = [];
  const client = () => {
    const made = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3TestCredentials });
    made.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 's3rverBucketPath', priority: 'low' },
    );
    clients.push(made);
    return made;
  };
  const admin = client();
  return {
    endpoint,
    client,
    async createBucket() {
      buckets += 1;
      const name = `test-${process.pid}-${buckets}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async stop() {
      for (const made of clients) made.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
