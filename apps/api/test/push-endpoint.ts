// A push service for the tests: an HTTP server on loopback that takes what the server posts to a subscription's
// endpoint, and the browser's side of a subscription (its P-256 key pair and auth secret, made with node:crypto), so
// a test decrypts the payload itself (RFC 8291 `aes128gcm`, RFC 8188's record layout) and checks the VAPID signature
// (RFC 8292). Written here by hand, apart from web-push, so it checks the library rather than repeating it.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the push service received at one endpoint. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Starts the push service on 127.0.0.1; `answer(path)` chooses the status for each push (201 unless told: 410 for a
 * subscription gone, 500 for a failing service). Answers its origin (for pushServices) and what it received.
 */
export async function startPushEndpoint(answer: (path: string) => number = () => 201) {
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answer(path);
      response.end();
    });
  });
  // Connections kept open longer than node's 5 s: on a loaded machine a sender reusing one the server has just closed
  // fails its push ("other side closed"), which the deliveries retry but a test counting first tries would not.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription: its keys as the browser hands them to the page (base64url), and the private key. */
export function createBrowserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts a push's body (RFC 8291): the payload as text. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      // One record: the data, the last record's delimiter 0x02, then any zero padding.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('not the last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks a push's VAPID authorisation (`vapid t=<JWT>, k=<public key>`): the JWT is signed (ES256) by the key named,
 * for the endpoint's origin. Answers the public key and the JWT's claims.
 */
export function checkVapid(headers: IncomingHttpHeaders, origin: string) {
  const match = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(headers.authorization ?? '');
  if (!match) throw new Error(`no VAPID authorisation: ${headers.authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string };
  if (payload.aud !== origin) throw new Error(`the VAPID audience is ${payload.aud}, not ${origin}`);
  return { publicKey, claims: payload };
}
