import { request as httpRequest } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { code?: string };
}

/**
 * A client that goes away while its answer is streaming is not a server error: the stream's 'Premature close'
 * (ERR_STREAM_PREMATURE_CLOSE), which Fastify hands to the error handler when no byte was written yet, is logged at
 * info. A real failure is still logged at error level.
 */
describe('a client leaving mid-answer', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  const lines: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  /** The first log line (already written or still to come) that passes `test`. */
  const logged = (test: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve) => {
      const found = lines.find(test);
      if (found) resolve(found);
      else waiters.push({ test, resolve });
    });
  let streaming: () => void;
  const streamingStarted = new Promise<void>((resolve) => (streaming = resolve));

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split('\n').filter(Boolean)) {
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          for (const waiter of waiters.filter((w) => w.test(line))) waiter.resolve(line);
        }
        done();
      },
    });
    app = await createTestApp({
      database: await createMigratedDatabase(),
      logger: { ...(loggerOptions('info') as object), stream },
      extraAccess: { 'POST /api/v1/test/stream': 'anonymous', 'GET /api/v1/test/explode': 'anonymous' },
    });
    // A POST (its body read, so Node does not count the request as aborted) whose answer is a stream with nothing
    // written yet when the client leaves: a large answer being compressed, a file from slow storage.
    app.post('/api/v1/test/stream', async (_request, reply) => {
      streaming();
      return reply.type('text/plain').send(new Readable({ read() {} }));
    });
    app.get('/api/v1/test/explode', async () => {
      throw new Error('boom');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('logs the closed connection at info, not as a failed request', async () => {
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/v1/test/stream',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    client.on('error', () => undefined);
    client.end('{}');
    await streamingStarted;
    client.destroy();
    const incoming = await logged((line) => line.msg === 'incoming request');
    // Fastify's own line ('stream closed prematurely') or the error handler's, whichever met the close.
    const closed = await logged(
      (line) =>
        line.reqId === incoming.reqId &&
        (line.err?.code === 'ERR_STREAM_PREMATURE_CLOSE' || line.msg === 'stream closed prematurely'),
    );
    expect(closed.level).toBe(30);
    expect(lines.filter((line) => line.reqId === incoming.reqId && line.level >= 40)).toEqual([]);
  });

  it('still logs a real failure at error level', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/test/explode`);
    expect(response.status).toBe(500);
    const failed = await logged((line) => line.msg === 'request failed');
    expect(failed.level).toBe(50);
  });
});
