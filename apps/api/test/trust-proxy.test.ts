import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../src/db/seed/demo-accounts.ts';
import { createDemoApp } from './helpers.ts';

type TestApp = Awaited<ReturnType<typeof createDemoApp>>;

const loginFrom = (app: TestApp, remoteAddress: string, headers: Record<string, string>, userName: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/user/v3/login',
    remoteAddress,
    headers: { host: 'localhost', ...headers },
    payload: { user_name: userName, password: 'demo1234', device_id: 'proxy-test', source: 'WEB' },
  });

describe('forwarded headers with no trusted proxy (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createDemoApp({ rateLimits: { loginPerMinute: 3 } });
  });
  afterAll(() => app.close());

  it('keeps the per-address login limit when the client rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await loginFrom(
        app,
        '198.51.100.7',
        { 'x-forwarded-for': `203.0.113.${index}` },
        demoLogins.greenfieldPastYearsOnly,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('does not let X-Forwarded-Host choose the institute', async () => {
    const response = await loginFrom(
      app,
      '198.51.100.8',
      { 'x-forwarded-host': 'apex.localhost' },
      'student@apex.test',
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('forwarded headers from a proxy named in TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createDemoApp({
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
        demoLogins.greenfieldPastYearsOnly,
      );
      expect(response.statusCode).not.toBe(429);
    }
  });

  it('takes the institute from the forwarded host', async () => {
    const response = await loginFrom(app, '10.0.0.2', { 'x-forwarded-host': 'apex.localhost' }, 'student@apex.test');
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
        'x-api-key': 'demo-apex-sso-key',
      },
      payload: { login: 'student@apex.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().link).toBe(`${start}?token=${response.json().token}`);
  });

  it('still ignores forwarded headers from an address outside the list', async () => {
    const response = await loginFrom(
      app,
      '198.51.100.9',
      { 'x-forwarded-host': 'apex.localhost' },
      'student@apex.test',
    );
    expect(response.statusCode).toBe(401);
  });
});
