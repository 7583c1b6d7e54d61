// S3 upload memory (issue 30): streams 150 MB through the S3 store's `stage` into s3rver (a real S3-compatible
// server, apps/api/test/s3-server.ts) and commits it; reports the peak resident memory of the process doing it above
// its idle, the time, and the same for the local-disk store as a baseline. Each store runs in a child process of its
// own, so the server's memory and the other store's are not counted. npm run bench:s3-upload
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import { s3TestCredentials, startS3Server } from '../apps/api/test/s3-server.ts';
import { s3Storage } from '../apps/api/src/lib/s3-storage.ts';
import { localDiskStorage, type Storage } from '../apps/api/src/lib/storage.ts';

// 150 MB, the largest upload; S3_UPLOAD_MB=… for another size (the peak should not grow with it).
const totalBytes = Number(process.env.S3_UPLOAD_MB ?? 150) * 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** `bytes` in 64 KiB chunks made as they are read (a new buffer each, as a request body gives them). */
function generated(bytes: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes; offset += 65_536) {
        yield Buffer.alloc(Math.min(65_536, bytes - offset), offset / 65_536);
      }
    })(),
  );
}

/** In the child: stage and commit 150 MB, sampling this process's resident memory. */
async function measure(storage: Storage) {
  // Warm up (the SDK's code paths, the first sockets), then take idle as the lowest of a few readings.
  await storage.putStream(generated(6 * 1024 * 1024), 'bin');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const readings: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    readings.push(process.memoryUsage.rss());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const idle = Math.min(...readings);
  let peak = idle;
  let peakBuffers = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    peakBuffers = Math.max(peakBuffers, usage.arrayBuffers);
  }, 10);
  const started = Date.now();
  const staged = await storage.stage(generated(totalBytes));
  await storage.commit(staged, storage.reserveKey('mp4'));
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    sizeMb: mb(staged.size),
    seconds: Number(seconds.toFixed(2)),
    throughputMbPerSecond: Number((mb(staged.size) / seconds).toFixed(1)),
    idleRssMb: mb(idle),
    peakRssMb: mb(peak),
    peakAboveIdleMb: mb(peak - idle),
    // Buffers alive or not yet collected at the peak: the parts in flight plus garbage.
    peakBuffersMb: mb(peakBuffers),
  };
}

/** Runs this file as a child measuring one store; answers what it printed. */
function child(args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    process_.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    process_.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}`))));
  });
}

const [mode, endpoint, bucket] = process.argv.slice(2);
if (mode === '--s3') {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3TestCredentials });
  const result = await measure(s3Storage({ bucket: bucket!, client }));
  client.destroy();
  process.stdout.write(JSON.stringify(result));
} else if (mode === '--local') {
  process.stdout.write(JSON.stringify(await measure(localDiskStorage(mkdtempSync(join(tmpdir(), 'bench-files-'))))));
} else {
  const server = await startS3Server();
  try {
    const s3 = await child(['--s3', server.endpoint, await server.createBucket()]);
    const local = await child(['--local']);
    console.log(JSON.stringify({ s3, local }, null, 2));
  } finally {
    await server.stop();
  }
}
