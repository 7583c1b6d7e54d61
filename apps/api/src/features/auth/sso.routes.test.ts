import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin, signIn } from '../../../test/auth-helpers.ts';
import { createApiKey } from '../../../test/factories/auth.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { addInstituteHosts } from '../../access/institute-hosts.repository.ts';

describe('single sign-on', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let apiKey: string;
  let student: { login: string };
  let otherInstituteStudent: { login: string };
  // No demo: a school reached at localhost, 127.0.0.1 and school.localhost, with an API key and a student, and a
  // coaching institute with a student of its own.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    await addInstituteHosts(db, school.id, ['127.0.0.1', 'school.localhost']);
    apiKey = await createApiKey(db, school);
    student = await createStudent(db, school, { user: { name: 'Aarav Sharma' } });
    const apex = await createInstitute(db, { host: 'apex.localhost', isSchool: false });
    otherInstituteStudent = await createStudent(db, apex);
    app = await createTestApp({
      database,
      now: () => clock,
      rateLimits: { ssoPerMinute: 1000, loginPerMinute: 1000 },
    });
  });
  afterAll(() => app.close());

  const mint = (login: string, key: string = apiKey) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/sso/link',
      headers: { 'x-api-key': key },
      payload: { login, redirect_url: 'https://greenfield.example/portal' },
    });
  const exchange = (token: string, ip = '10.2.0.1', host = 'localhost') =>
    app.inject({
      method: 'POST',
      url: '/prod/ext/sso/login',
      remoteAddress: ip,
      headers: { host },
      payload: { token },
    });

  it('mints a link only for a valid institute API key', async () => {
    expect((await mint(student.login, 'wrong-key')).statusCode).toBe(401);
    const response = await mint(student.login);
    expect(response.statusCode).toBe(200);
    expect(response.json().link).toMatch(/^http:\/\/.+\/my-account\/\?token=[A-Za-z0-9_-]{43}$/);
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://x.test/a', '/x'])(
    'refuses redirect_url %s with 400 and a clear message',
    async (redirectUrl) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/sso/link',
        headers: { 'x-api-key': apiKey },
        payload: { login: student.login, redirect_url: redirectUrl },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'body.redirect_url: must be an http:// or https:// address',
      });
    },
  );

  // The link names the institute's first host name (127.0.0.1 for the school) at the port the request came to;
  // only the protocol's own default port is left out.
  it.each([
    ['localhost:8080', 'http://127.0.0.1:8080/my-account/'],
    ['school.localhost:3000', 'http://127.0.0.1:3000/my-account/'],
    ['localhost:443', 'http://127.0.0.1:443/my-account/'],
    ['localhost:80', 'http://127.0.0.1/my-account/'],
    ['localhost', 'http://127.0.0.1/my-account/'],
  ])('links to the port the request came to (Host %s)', async (host, start) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/sso/link',
      headers: { 'x-api-key': apiKey, host },
      payload: { login: student.login },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().link).toBe(`${start}?token=${response.json().token}`);
  });

  it('cannot mint a link for another institute’s login', async () => {
    expect((await mint(otherInstituteStudent.login)).statusCode).toBe(404);
  });

  it('exchanges a link once for a key the login accepts once', async () => {
    const { token } = (await mint(student.login)).json();
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const result = first.json().data.result;
    expect(result).toMatchObject({
      status: 'success',
      phone: student.login,
      redirect_url: 'https://greenfield.example/portal',
    });
    expect(result.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await exchange(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The login link might be invalid or expired.');

    const session = await signIn(app, { user_name: result.phone, password: result.key });
    expect(session.name).toBe('Aarav Sharma');
    expect((await postLogin(app, { user_name: result.phone, password: result.key })).statusCode).toBe(401);
  });

  it('exchanges a link only at a host of its institute', async () => {
    const { token } = (await mint(student.login)).json();
    // Looked up in the host's institute only: elsewhere the token names nothing, and it is not used up.
    const elsewhere = await exchange(token, '10.2.0.1', 'apex.localhost');
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([
      400,
      'The login link might be invalid or expired.',
    ]);
    expect((await exchange(token, '10.2.0.1', 'unknown.localhost')).statusCode).toBe(400);
    expect((await exchange(token, '10.2.0.1', 'school.localhost')).statusCode).toBe(200);
  });

  it('refuses a link after 10 minutes', async () => {
    const { token } = (await mint(student.login)).json();
    clock = new Date(fixedNow.getTime() + 10 * 60 * 1000 + 1);
    const response = await exchange(token);
    clock = fixedNow;
    expect(response.statusCode).toBe(400);
  });

  it('refuses made-up and oversize tokens without a 5xx', async () => {
    expect((await exchange('x'.repeat(43))).statusCode).toBe(400);
    expect((await exchange('x'.repeat(5000))).statusCode).toBe(400);
    expect((await exchange('')).statusCode).toBe(400);
  });
});

describe('per-IP rate limits', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: { login: string };
  // No demo: one institute at apex.localhost with one student.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    student = await createStudent(database.db, await createInstitute(database.db, { host: 'apex.localhost' }));
    app = await createTestApp({
      database,
      rateLimits: { loginPerMinute: 3, forgotPasswordPerMinute: 2, ssoPerMinute: 2 },
    });
  });
  afterAll(() => app.close());

  it('limits logins per IP address, not for everyone', async () => {
    const attempt = (ip: string) =>
      postLogin(app, { user_name: student.login, password: 'nope' }, { host: 'apex.localhost', ip });
    for (let count = 0; count < 3; count += 1) expect((await attempt('10.9.0.1')).statusCode).toBe(401);
    const limited = await attempt('10.9.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await attempt('10.9.0.2')).statusCode).toBe(401);
  });

  it('limits forgot password and the SSO exchange per IP address', async () => {
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/user/forgotPassword',
        remoteAddress: '10.9.1.1',
        payload: { user_name: '1' },
      });
    const sso = () =>
      app.inject({ method: 'POST', url: '/prod/ext/sso/login', remoteAddress: '10.9.1.1', payload: { token: 'x' } });
    await forgot();
    await forgot();
    expect((await forgot()).statusCode).toBe(429);
    await sso();
    await sso();
    expect((await sso()).statusCode).toBe(429);
  });
});
