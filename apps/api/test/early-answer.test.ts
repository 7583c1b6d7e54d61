import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

/** How long the test waits for the server to hang up: far below the body timeout, far above a prompt close. */
const hangUpWithinMs = 5_000;

/**
 * A request answered before its body was read (no session, a rate limit) must not keep its connection: the body
 * timeout ends with the answer, so a client trickling the promised body could otherwise hold it for good.
 */
describe('a request answered before its body arrived', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  /** The server's end of each connection, by the client's port. */
  const serverSockets = new Map<number, Socket>();

  beforeAll(async () => {
    // A body timeout far above the wait, so only closing on the answer passes.
    app = await createTestApp({
      database: await createMigratedDatabase(),
      timeouts: { bodyMs: 120_000 },
      rateLimits: { loginPerMinute: 1 },
    });
    app.server.on('connection', (socket: Socket) => serverSockets.set(socket.remotePort!, socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  /**
   * Sends `head` announcing a body of 1000 bytes and the first 10 of them, then, once the answer is in, trickles
   * the rest a byte at a time as an attacker holding the connection would. Answers the server's answer and whether
   * the server let go of its end of the connection (socket destroyed) while body was still owed.
   */
  async function sendPartly(head: string) {
    const length = 1000;
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    await once(client, 'connect');
    client.write(head + 'a'.repeat(10));
    let sent = 10;
    const [chunk] = (await once(client, 'data')) as [Buffer];
    const trickle = setInterval(() => {
      if (!client.writable || sent >= length) return;
      client.write('a');
      sent += 1;
    }, 50);
    const server = serverSockets.get(client.localPort!)!;
    let deadline: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      server.destroyed ? Promise.resolve(true) : once(server, 'close').then(() => true),
      new Promise<boolean>((resolve) => (deadline = setTimeout(() => resolve(false), hangUpWithinMs))),
    ]);
    clearTimeout(deadline);
    clearInterval(trickle);
    client.destroy();
    return { answer: String(chunk), closed: closed && sent < length };
  }

  const post = (path: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;

  it('closes the connection after a 401 for a missing session', async () => {
    const exchange = await sendPartly(post('/api/v1/changePwd'));
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(exchange.closed).toBe(true);
  });

  it('closes the connection after a 429 at the login limit', async () => {
    // The one login of this minute.
    await fetch(`http://127.0.0.1:${port}/api/v2/user/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: '{}',
    });
    const exchange = await sendPartly(post('/api/v2/user/v3/login'));
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(exchange.closed).toBe(true);
  });

  it('keeps the connection of a request that arrived whole (keep-alive still works)', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.headers.get('connection')).toBe('keep-alive');
    // A body the route reads (and refuses) before answering.
    const refused = await fetch(`http://127.0.0.1:${port}/api/v2/user/forgotPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('connection')).toBe('keep-alive');
  });
});
