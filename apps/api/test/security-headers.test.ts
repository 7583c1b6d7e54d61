import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix } from '../src/access-matrix.ts';
import { signIn } from './auth-helpers.ts';
import { createTestApp } from './helpers.ts';

describe('security headers on every route', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  beforeAll(async () => {
    // inject comes from 127.0.0.1: trusted here, so X-Forwarded-Proto https stands for a TLS proxy.
    app = await createTestApp({
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: ['127.0.0.1'] },
    });
    aarav = await signIn(app, { user_name: '9000000001' });
  });
  afterAll(() => app.close());

  for (const entry of Object.keys(accessMatrix)) {
    it(`${entry} sends HSTS, CSP with frame-ancestors, nosniff, a referrer policy and no X-Powered-By`, async () => {
      // A fresh sign-in each time: the logout route revokes the session it is called with.
      aarav = await signIn(app, { user_name: '9000000001' });
      const [method, template] = entry.split(' ') as ['GET' | 'POST' | 'PUT', string];
      const response = await app.inject({
        method,
        url: template.replace(/:[A-Za-z_]+/g, '1'),
        headers: { authorization: aarav.student_auth, 'x-forwarded-proto': 'https' },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBeTruthy();
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.statusCode).toBeLessThan(500);
      if (String(response.headers['content-type']).startsWith('application/json')) {
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });
  }

  it('sends HSTS only for requests that came over TLS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '198.51.100.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps authenticated JSON out of caches', async () => {
    aarav = await signIn(app, { user_name: '9000000001' });
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/academicYear/all/${aarav.institute_id}`,
      headers: { authorization: aarav.student_auth },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
