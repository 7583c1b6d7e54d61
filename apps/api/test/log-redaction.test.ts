import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../src/app.ts';
import { createApiKey } from './factories/auth.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

// Built from factories: an institute at localhost with an API key of its own and a student whose auto-login
// address (phone and base64 password) the first request carries.
describe('request logs', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const lines: string[] = [];
  /** The student's password, which the auto-login address carries in base64 (secrets.pwd). */
  const autoLoginPassword = 'demo1234';
  const secrets = {
    pwd: 'ZGVtbzEyMzQ=', // base64 of the auto-login password
    token: 'sso-link-token-0123456789abcdefghijklmnop',
    key: 'login-key-abcdefghijklmnopqrstuvwxyz',
    password: 'plain-password-in-query',
    apiKey: 'demo-greenfield-sso-key',
    bearer: 'session-credential-zyxwvutsrqponm',
    fileGrant: 'eyJrZXkiOiJzZWNyZXQtZmlsZSJ9.c2lnbmF0dXJlLW9mLXRoZS1ncmFudA',
  };
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    await createApiKey(db, school, secrets.apiKey);
    await createStudent(db, school, { user: { phone: '9000000001', password: autoLoginPassword } });
    app = await createTestApp({
      database,
      logger: { ...(loggerOptions('info') as object), stream },
      extraAccess: { 'GET /api/v1/test/explode': 'anonymous' },
    });
    app.get('/api/v1/test/explode', async () => {
      throw new Error('boom');
    });
  });
  afterAll(() => app.close());

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
