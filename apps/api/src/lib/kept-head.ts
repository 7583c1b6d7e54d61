import { promisify } from 'node:util';
import {
  brotliCompress as brotliCompressCallback,
  constants as zlibConstants,
  crc32,
  deflateRaw as deflateRawCallback,
  deflateRawSync,
} from 'node:zlib';

const brotliCompress = promisify(brotliCompressCallback);
const deflateRaw = promisify(deflateRawCallback);

export type AnswerEncoding = 'br' | 'gzip';

/** The encodings a request accepts among ours (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(quality && Number(quality.slice(2)) === 0)) accepted.add(name.trim());
  }
  return {
    br: accepted.has('br'),
    gzip: accepted.has('gzip') || accepted.has('x-gzip') || accepted.has('*'),
  };
}

/** The encoding to answer in: brotli, else gzip, when the request accepts it; else none. */
export function acceptedEncoding(header: string | undefined): AnswerEncoding | undefined {
  const accepted = acceptedEncodings(header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : undefined;
}

/** Brotli quality of a kept head: compressed once per change, so a better ratio than per-request answers is worth it. */
const keptBrotliQuality = 9;

/**
 * Above this many bytes of per-request tail, a request accepting gzip gets gzip: brotli's tail goes uncompressed
 * (below), gzip's is compressed per request.
 */
const brotliTailLimit = 1024;

/**
 * The start of an answer that is the same for many requests (a test's paper), kept raw and compressed once per
 * encoding asked for, to be followed by each request's own end (the tail: the attempt's state). The two are joined
 * in the compressed stream itself, so a request compresses only its tail:
 * - gzip: the head is raw deflate ended by a sync flush (byte-aligned, not final, no reference past its end); the
 *   tail is a deflate stream of its own after it; one gzip header, and the CRC-32 continued over the tail.
 * - brotli: the head is a stream flushed at offset 0 (byte-aligned, not last); the tail follows as uncompressed
 *   meta-blocks and an empty last one. (A compressed brotli tail would need the encoder's stream offset, which
 *   Node does not expose.)
 * The decoded answer is the head's bytes then the tail's, as one answer.
 */
export interface KeptHead {
  readonly raw: Buffer;
  /** The head with `tail` after it, in `encoding` (or raw). */
  answer(tail: Buffer, encoding: AnswerEncoding | undefined): Promise<Buffer>;
}

interface GzipHead {
  deflated: Buffer;
  crc: number;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** ISLAST and ISLASTEMPTY: the end of a brotli stream. */
const brotliEnd = Buffer.from([0x03]);
/** An uncompressed brotli meta-block holds at most 2^16 bytes with a 4-nibble length. */
const brotliRawBlock = 1 << 16;

export function keptHead(raw: Buffer): KeptHead {
  let br: Promise<Buffer> | undefined;
  let gzip: Promise<GzipHead> | undefined;
  // Off the main thread (zlib's pool); a failure is not kept, the next request tries again.
  const brHead = () => {
    if (!br) {
      br = brotliCompress(raw, {
        finishFlush: zlibConstants.BROTLI_OPERATION_FLUSH,
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: keptBrotliQuality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      br.catch(() => (br = undefined));
    }
    return br;
  };
  const gzipHead = () => {
    if (!gzip) {
      gzip = deflateRaw(raw, { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH }).then((deflated) => ({
        deflated,
        crc: crc32(raw),
      }));
      gzip.catch(() => (gzip = undefined));
    }
    return gzip;
  };
  return {
    raw,
    async answer(tail, encoding) {
      if (encoding === 'gzip') {
        const head = await gzipHead();
        const trailer = Buffer.alloc(8);
        trailer.writeUInt32LE(crc32(tail, head.crc), 0);
        trailer.writeUInt32LE((raw.length + tail.length) % 2 ** 32, 4);
        return Buffer.concat([gzipHeader, head.deflated, deflateRawSync(tail), trailer]);
      }
      if (encoding === 'br') return Buffer.concat([await brHead(), ...brotliRawBlocks(tail), brotliEnd]);
      return Buffer.concat([raw, tail]);
    },
  };
}

/** `bytes` as uncompressed brotli meta-blocks (RFC 7932 §9.2: ISLAST 0, MNIBBLES 4, MLEN-1, ISUNCOMPRESSED 1). */
function brotliRawBlocks(bytes: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += brotliRawBlock) {
    const chunk = bytes.subarray(start, start + brotliRawBlock);
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]), chunk);
  }
  return parts;
}

/**
 * The encoding for an answer of a kept head and a tail of `tailLength` bytes: brotli unless its uncompressed tail
 * would be long and gzip is accepted too.
 */
export function headAnswerEncoding(header: string | undefined, tailLength: number): AnswerEncoding | undefined {
  const accepted = acceptedEncodings(header);
  if (accepted.br && (tailLength <= brotliTailLimit || !accepted.gzip)) return 'br';
  return accepted.gzip ? 'gzip' : undefined;
}
