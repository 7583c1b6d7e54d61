import type { Session } from '@campus/domain/auth/auth.contract';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix } from '../src/features/index.ts';
import { securityHeaderOptions, securityPlugin } from '../src/plugins/security.ts';
import { signIn } from './auth-helpers.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

describe('security headers on every route', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Awaited<ReturnType<typeof createStudent>>;
  let session: Session;
  // No demo: one institute at localhost with one enrolled student is all these checks need.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    student = await createStudent(database.db, await createInstitute(database.db, { host: 'localhost' }));
    // inject comes from 127.0.0.1: trusted here, so X-Forwarded-Proto https stands for a TLS proxy.
    app = await createTestApp({
      database,
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: ['127.0.0.1'] },
      // One sign-in per route: more routes than the default login limit allows in a minute.
      rateLimits: { loginPerMinute: 1000 },
    });
  });
  afterAll(() => app.close());
  const signInStudent = () => signIn(app, { user_name: student.login, password: student.password });

  // Signed in once, and again after the logout route revoked the session: a sign-in per route would meet the
  // login rate limit (30 a minute) now that there are more routes than that.
  let revoked = true;
  for (const entry of Object.keys(accessMatrix)) {
    it(`${entry} sends HSTS, CSP with frame-ancestors, nosniff, a referrer policy and no X-Powered-By`, async () => {
      if (revoked) session = await signInStudent();
      revoked = /logout/i.test(entry);
      const [method, template] = entry.split(' ') as ['GET' | 'POST' | 'PUT', string];
      const response = await app.inject({
        method,
        url: template.replace(/:[A-Za-z_]+/g, '1'),
        headers: { authorization: session.student_auth, 'x-forwarded-proto': 'https' },
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
    session = await signInStudent();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/academicYear/all/${session.institute_id}`,
      headers: { authorization: session.student_auth },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers worked out once at start', () => {
  it('are exactly the headers @fastify/helmet sends per request with the same options', async () => {
    const reference = Fastify();
    // @fastify/helmet carries its own copy of helmet's types; the options are the same object.
    await reference.register(fastifyHelmet, securityHeaderOptions as never);
    reference.get('/x', async () => ({ ok: true }));
    const ours = Fastify();
    await ours.register(securityPlugin);
    ours.get('/x', async () => ({ ok: true }));
    const pick = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['date', 'content-length', 'connection', 'cache-control'].includes(name),
        ),
      );
    const [expected, actual] = await Promise.all([reference.inject('/x'), ours.inject('/x')]);
    expect(Object.keys(pick(expected.headers)).length).toBeGreaterThan(8);
    expect(pick(actual.headers)).toEqual(pick(expected.headers));
    await Promise.all([reference.close(), ours.close()]);
  });
});
