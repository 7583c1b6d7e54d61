import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Storage } from './storage.ts';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Where a `Range` header asks to read within an object of `size` bytes: one range, 'unsatisfiable', or undefined
 * for none, several ranges or a malformed header (the whole object is then served, as RFC 9110 allows).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // The last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored object as the answer, honouring HTTP Range (RFC 9110 §14): a video seeks by asking for the
 * bytes it needs (206 with Content-Range), an impossible range answers 416, and nothing is read whole.
 */
export async function sendStoredFile(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; type: string; name: string; disposition: 'inline' | 'attachment'; maxAgeSeconds: number },
) {
  // Its route says it answers a file (answerType), so no compression touches these bytes or their ranges.
  if (request.routeOptions.config.endpoint?.answerType !== 'file') {
    throw new Error(`${request.routeOptions.url} serves stored files: its endpoint needs answerType 'file'`);
  }
  let unsatisfiable = false;
  const opened = await storage
    .open(file.key, (size) => {
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') unsatisfiable = true;
      return range === 'unsatisfiable' ? undefined : range;
    })
    .catch(() => undefined);
  if (!opened) throw new AppError(404, 'NOT_FOUND', 'Not Found');
  if (unsatisfiable) {
    opened.stream.destroy();
    return reply.code(416).header('content-range', `bytes */${opened.size}`).send();
  }
  if (opened.range) {
    reply
      .code(206)
      .header('content-range', `bytes ${opened.range.start}-${opened.range.end}/${opened.size}`)
      .header('content-length', opened.range.end - opened.range.start + 1);
  } else {
    reply.header('content-length', opened.size);
  }
  return (
    reply
      .header('content-type', file.type)
      .header('accept-ranges', 'bytes')
      .header('content-disposition', contentDisposition(file.disposition, file.name))
      .header('x-content-type-options', 'nosniff')
      // A stored SVG or HTML file opened directly must not run script on this origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
      .send(opened.stream)
  );
}
