// `npm run storage:copy-to-s3`: copies the local store (DATA_DIR/files) into the bucket the S3_* settings name, under
// the same keys, before the server moves to STORAGE=s3 (storage-copy.ts). Resumable: run it again to copy the rest.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { CliError, parseCliArgs, type CliTool } from './cli.ts';
import { s3ClientConfig, s3Storage } from './s3-storage.ts';
import { copyLocalStore } from './storage-copy.ts';

const usage = `Usage:
  npm run storage:copy-to-s3 --   copies DATA_DIR/files into the bucket S3_BUCKET under the same keys
Settings as the server reads them: S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, and the credentials in
AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the AWS SDK's other sources). Objects already in the bucket with the
same size are skipped: run it while the server still serves from disk, then again once it is stopped to copy what
arrived meanwhile, then start it with STORAGE=s3.
`;

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

export const storageCopyTool: CliTool = async (io) => {
  parseCliArgs(io, { options: {} }, usage);
  const config = loadConfig(io.env);
  if (!config.S3_BUCKET) throw new CliError('S3_BUCKET is not set: name the bucket to copy DATA_DIR/files into');
  const root = resolve(config.DATA_DIR, 'files');
  if (!existsSync(root)) throw new CliError(`No local store to copy: ${root} does not exist`);
  const storage = s3Storage({ bucket: config.S3_BUCKET, clientConfig: s3ClientConfig(config) });
  let finished = 0;
  try {
    const report = await copyLocalStore(root, storage, {
      onProgress: (done, total) => {
        finished = done;
        if (done % 500 === 0) io.out(`${done} of ${total}…\n`);
      },
    }).catch((error: unknown) => {
      // The SDK's errors (no bucket, no credentials, the server away) in one line, with what was done.
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new CliError(`The copy stopped after ${finished} objects (${reason}); run it again to resume`);
    });
    io.out(
      `Copied ${report.copied} objects (${megabytes(report.copiedBytes)} MB) to the bucket ${config.S3_BUCKET}; ` +
        `skipped ${report.skipped} already there.\n`,
    );
    if (report.ignored.length > 0) {
      io.out(
        `Left out ${report.ignored.length} files whose names are not storage keys: ${report.ignored.slice(0, 5).join(', ')}` +
          `${report.ignored.length > 5 ? ', …' : ''}\n`,
      );
    }
  } finally {
    storage.client.destroy();
  }
};
