import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';

const hostile: unknown[] = [
  '',
  'x'.repeat(10_000),
  '😀🙃 ünïcödé',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\u0000',
  12345,
  -1,
  Number.MAX_VALUE,
  true,
  null,
  [],
  {},
  { $ne: null },
];

describe('bad input to the sign-in routes', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let credential = '';
  let instituteId = 0;
  // No demo: a school at localhost with a student (whose session the signed-in routes use) and a parent of two
  // children, whose login and password the login route's fuzzing starts from (filled in below).
  const loginBase: Record<string, unknown> = { device_id: 'fuzz', source: 'WEB' };
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const student = await createStudent(db, school);
    const sibling = await createStudent(db, school);
    const parent = await createParent(db, school, [student.studentId, sibling.studentId]);
    loginBase.user_name = parent.login;
    loginBase.password = parent.password;
    app = await createTestApp({
      database,
      rateLimits: { loginPerMinute: 10_000, forgotPasswordPerMinute: 10_000, ssoPerMinute: 10_000 },
    });
    const session = await signIn(app, { user_name: student.login, password: student.password });
    credential = session.student_auth;
    instituteId = session.institute_id;
  });
  afterAll(() => app.close());

  const routes: { url: string; fields: string[]; base: Record<string, unknown>; auth?: boolean }[] = [
    {
      url: '/api/v2/user/v3/login',
      fields: [
        'user_name',
        'password',
        'device_id',
        'user_type',
        'user_id',
        'institute_id',
        'logout_from_all_devices',
        'source',
      ],
      base: loginBase,
    },
    {
      url: '/api/v2/user/forgotPassword',
      fields: ['user_name', 'user_id', 'institute_id'],
      base: { user_name: '9999999999' },
    },
    { url: '/prod/ext/sso/login', fields: ['token'], base: { token: 'x' } },
    {
      url: '/api/v1/changePwd',
      fields: ['institute_id', 'userid', 'oldPassword', 'newPassword'],
      base: { institute_id: 1, userid: 1, oldPassword: 'nope', newPassword: 'nope' },
      auth: true,
    },
  ];

  for (const route of routes) {
    it(`answers every hostile value in every field of ${route.url} with a 4xx`, async () => {
      for (const field of route.fields) {
        for (const value of hostile) {
          const response = await app.inject({
            method: 'POST',
            url: route.url,
            headers: route.auth ? { authorization: credential } : {},
            payload: { ...route.base, [field]: value },
          });
          const label = `${field}=${JSON.stringify(value)?.slice(0, 40)}`;
          expect(response.statusCode, label).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, label).toBeLessThan(500);
          expect(response.body, label).not.toMatch(/\bat \S+ \(|stack/);
          if (response.statusCode >= 400) expect(typeof response.json().message, label).toBe('string');
        }
      }
    });

    it(`answers a non-JSON, empty or array body to ${route.url} with a 4xx`, async () => {
      const headers = route.auth ? { authorization: credential } : {};
      for (const [type, payload] of [
        ['application/json', '[]'],
        ['application/json', '"text"'],
        ['application/json', ''],
        ['text/plain', 'user_name=1'],
        ['application/json', '{"user_name":'],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url: route.url,
          headers: { ...headers, 'content-type': type },
          payload,
        });
        expect(response.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${type} ${payload}`).toBeLessThan(500);
      }
    });
  }

  it('answers hostile query and path values with a 4xx', async () => {
    for (const path of [
      `/api/v1/academicYear/all/abc`,
      `/api/v1/academicYear/all/-1`,
      `/api/v1/academicYear/all/99999999999999999999`,
    ]) {
      const response = await app.inject({ method: 'GET', url: path, headers: { authorization: credential } });
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    const logout = await app.inject({
      method: 'GET',
      url: `/api/v1/alternateLogin/logout?deviceId=${'x'.repeat(5000)}`,
      headers: { authorization: credential },
    });
    expect(logout.statusCode).toBe(400);
    expect(instituteId).toBeGreaterThan(0);
  });

  it('answers garbage credentials with 401, never 5xx', async () => {
    for (const authorization of [
      'x',
      'Bearer ',
      '%%%',
      'a'.repeat(5000),
      Buffer.from('\u0000:1:d:WEB').toString('base64'),
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/academicYear/all/${instituteId}`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
