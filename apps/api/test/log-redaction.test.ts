import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../src/app.ts';
import { createDemoApp } from './helpers.ts';

describe('request logs', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await createDemoApp({
      logger: { ...(loggerOptions('info') as object), stream },
      extraAccess: { 'GET /api/v1/test/explode': 'anonymous' },
    });
    app.get('/api/v1/test/explode', async () => {
      throw new Error('boom');
    });
  });
  afterAll(() => app.close());

  const secrets = {
    pwd: 'ZGVtbzEyMzQ=', // base64 of the auto-login password
    token: 'sso-link-token-0123456789abcdefghijklmnop',
    key: 'login-key-abcdefghijklmnopqrstuvwxyz',
    password: 'plain-password-in-query',
    apiKey: 'demo-greenfield-sso-key',
    bearer: 'session-credential-zyxwvutsrqponm',
    fileGrant: 'eyJrZXkiOiJzZWNyZXQtZmlsZSJ9.c2lnbmF0dXJlLW9mLXRoZS1ncmFudA',
  };

  it('holds no query credential, credential header or file grant, also when the request fails', async () => {
    const urls = [
      `/my-account/?user=9000000001&pwd=${encodeURIComponent(secrets.pwd)}&lang=en`,
      `/my-account/userLogin?token=${secrets.token}`,
      `/api/v1/test/explode?key=${secrets.key}&Password=${secrets.password}`,
      `/api/v1/files/${secrets.fileGrant}`,
    ];
    for (const url of urls) {
      await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${secrets.bearer}`, 'x-api-key': secrets.apiKey },
      });
    }
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('request failed');
    expect(log).toContain('pwd=[redacted]');
    expect(log).toContain('lang=en');
    for (const secret of Object.values(secrets)) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
      expect(log).not.toContain(secret.slice(0, 12));
    }
  });

  it('redacts parameter names however they are written', () => {
    expect(redactUrl('/x?PWD=a&p%77d=b&token[]=c&tok=d')).toBe(
      '/x?PWD=[redacted]&p%77d=[redacted]&token[]=[redacted]&tok=d',
    );
  });
});
