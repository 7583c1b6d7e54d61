import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long a request may take to arrive, and how fast an upload must keep arriving. */
export interface RequestTimeouts {
  /** A request that is not multipart must have arrived whole within this (headers and body). */
  bodyMs: number;
  /** An upload is cut when, over any window of this length, fewer than `uploadMinBytesPerSecond` arrive. */
  uploadWindowMs: number;
  uploadMinBytesPerSecond: number;
  /** Upper bound for one upload whatever its rate (150 MB at the minimum rate fits well within). */
  uploadMaxMs: number;
}

export const defaultRequestTimeouts: RequestTimeouts = {
  bodyMs: 30_000,
  uploadWindowMs: 30_000,
  uploadMinBytesPerSecond: 2_000,
  uploadMaxMs: 60 * 60 * 1000,
};

const isMultipart = (type: string | undefined) => /^multipart\/form-data/i.test(type ?? '');

/**
 * Cuts requests whose body trickles in (slowloris): ordinary requests get a total time, uploads a minimum data
 * rate instead (a slow phone sending a big file at a steady pace still gets through) under a generous cap. The
 * rate is read from the socket's byte count, so the body stream itself is left alone for the parser.
 */
export const timeoutsPlugin = fp(async (app: FastifyInstance, options: { timeouts: RequestTimeouts }) => {
  const { timeouts } = options;
  // Node's own limit on the whole request stays as a backstop above ours.
  app.server.requestTimeout = timeouts.uploadMaxMs + 60_000;

  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const socket = raw.socket;
    if (raw.complete || !socket) return;
    const cut = () => {
      // inject's stand-in socket has no destroy(); only a real connection is cut.
      if (!raw.complete && typeof socket.destroy === 'function') socket.destroy();
    };
    let timer: NodeJS.Timeout;
    if (isMultipart(request.headers['content-type'])) {
      const started = Date.now();
      let lastBytes = socket.bytesRead;
      timer = setInterval(() => {
        const bytes = socket.bytesRead;
        const arrived = bytes - lastBytes;
        lastBytes = bytes;
        if (arrived < (timeouts.uploadMinBytesPerSecond * timeouts.uploadWindowMs) / 1000) cut();
        else if (Date.now() - started > timeouts.uploadMaxMs) cut();
      }, timeouts.uploadWindowMs);
    } else {
      timer = setTimeout(cut, timeouts.bodyMs);
    }
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    // A request answered before its body was read (a refusal, a GET) never ends: the answer stops the clock.
    reply.raw.once('close', stop);
  });

  // ...so a request answered before its body arrived (refused by a hook, at a rate limit) loses its connection
  // with the answer: otherwise a client trickling the promised body would hold it for good, untimed.
  // (`complete` is false on a real request still arriving, undefined on inject's.)
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
});
