import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppOptions } from '../src/app.ts';
import { createApiKey } from './factories/auth.ts';
import { createInstitute, createStudent, factoryPassword } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const loginFrom = (app: TestApp, remoteAddress: string, headers: Record<string, string>, userName: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/user/v3/login',
    remoteAddress,
    headers: { host: 'localhost', ...headers },
    payload: { user_name: userName, password: factoryPassword, device_id: 'proxy-test', source: 'WEB' },
  });

/** A student of past years only at the school (localhost), and the coaching institute's student and API key. */
const logins = {
  pastYearsStudent: '9000000014',
  apexStudent: 'student@apex.test',
  apexApiKey: 'apex-sso-key-for-tests',
} as const;

/**
 * The app on its own database, built from factories: a school at localhost with a student enrolled in past years
 * only, and a coaching institute ('Apex Coaching Institute', at apex.localhost) with a student who signs in by
 * e-mail and an API key.
 */
async function createProxyApp(overrides: Partial<AppOptions>) {
  const database = await createMigratedDatabase();
  const { db } = database;
  const school = await createInstitute(db, { host: 'localhost' });
  const apex = await createInstitute(db, { host: 'apex.localhost', name: 'Apex Coaching Institute', isSchool: false });
  await createStudent(db, school, { years: ['previous'], user: { phone: logins.pastYearsStudent } });
  await createStudent(db, apex, { user: { email: logins.apexStudent } });
  await createApiKey(db, apex, logins.apexApiKey);
  return createTestApp({ database, ...overrides });
}

describe('forwarded headers with no trusted proxy (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createProxyApp({ rateLimits: { loginPerMinute: 3 } });
  });
  afterAll(() => app.close());

  it('keeps the per-address login limit when the client rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await loginFrom(
        app,
        '198.51.100.7',
        { 'x-forwarded-for': `203.0.113.${index}` },
        logins.pastYearsStudent,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('does not let X-Forwarded-Host choose the institute', async () => {
    const response = await loginFrom(app, '198.51.100.8', { 'x-forwarded-host': 'apex.localhost' }, logins.apexStudent);
    expect(response.statusCode).toBe(401);
  });
});

describe('forwarded headers from a proxy named in TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createProxyApp({
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: ['10.0.0.0/8'] },
      rateLimits: { loginPerMinute: 3 },
    });
  });
  afterAll(() => app.close());

  it('counts each forwarded client address on its own', async () => {
    for (let index = 0; index < 4; index += 1) {
      const response = await loginFrom(
        app,
        '10.0.0.2',
        { 'x-forwarded-for': `203.0.113.${index}` },
        logins.pastYearsStudent,
      );
      expect(response.statusCode).not.toBe(429);
    }
  });

  it('takes the institute from the forwarded host', async () => {
    const response = await loginFrom(app, '10.0.0.2', { 'x-forwarded-host': 'apex.localhost' }, logins.apexStudent);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.institute_name).toMatch(/Apex/);
  });

  it.each([
    ['portal.example:8443', 'https://apex.localhost:8443/my-account/'],
    ['portal.example:80', 'https://apex.localhost:80/my-account/'],
    ['portal.example:443', 'https://apex.localhost/my-account/'],
  ])('mints SSO links with the forwarded protocol and the port of %s', async (host, start) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/sso/link',
      remoteAddress: '10.0.0.2',
      headers: {
        host: 'localhost',
        'x-forwarded-host': host,
        'x-forwarded-proto': 'https',
        'x-api-key': logins.apexApiKey,
      },
      payload: { login: logins.apexStudent },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().link).toBe(`${start}?token=${response.json().token}`);
  });

  it('still ignores forwarded headers from an address outside the list', async () => {
    const response = await loginFrom(app, '198.51.100.9', { 'x-forwarded-host': 'apex.localhost' }, logins.apexStudent);
    expect(response.statusCode).toBe(401);
  });
});
