import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A file part: its bytes, or a size to fill with one repeated byte (streamed, never held whole). */
export type FilePart = { filename: string; content: Buffer } | { filename: string; size: number; head?: Buffer };

/** Builds a streamed multipart/form-data body: `files` parts and a `fileJson` field. */
export function multipart(files: FilePart[], fileJson: unknown, { jsonFirst = true } = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const jsonPart = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileJson"\r\n\r\n${JSON.stringify(fileJson)}\r\n`,
  );
  async function* generate() {
    if (jsonFirst) yield jsonPart;
    for (const file of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      if ('content' in file) yield file.content;
      else {
        const head = file.head ?? Buffer.alloc(0);
        yield head;
        const chunk = Buffer.alloc(1024 * 1024, 0x41);
        let left = file.size - head.length;
        while (left > 0) {
          yield left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= chunk.length;
        }
      }
      yield Buffer.from('\r\n');
    }
    if (!jsonFirst) yield jsonPart;
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdfBytes = (text = 'answer') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
export const textBytes = (text: string) => Buffer.from(text, 'utf8');
