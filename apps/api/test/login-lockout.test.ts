import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { accountLockoutAttempts, lockoutAttempts } from '../src/features/auth/login.service.ts';
import { passwords } from '../src/lib/passwords.ts';
import { createApiKey } from './factories/auth.ts';
import { createInstitute, createParent, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestStorage, fixedNow } from './helpers.ts';

// Counts the argon2 checks the server runs, the stand-in one for unknown logins included.
// Counts the password calls with spies on the module's one object, not a replaced module (the API's test files
// share their modules in a worker); restored when the file ends.
beforeAll(() => {
  vi.spyOn(passwords, 'verifyPassword');
  vi.spyOn(passwords, 'verifyDummyPassword');
});
afterAll(() => {
  vi.restoreAllMocks();
});

/**
 * Who a lock-out locks, on a listening server behind a trusted proxy (loopback), so that each request can come
 * from its own client address: an attacker's failures lock the attacker's address, not the owner's; many addresses
 * together meet a ceiling for the login; an unknown login costs the same argon2 work as a known one; and the
 * institute's single sign-on is never locked by wrong passwords.
 */
describe('login lock-out: per address, per login, and not for single sign-on', () => {
  let app: App;
  let base: string;
  let apiKey: string;
  let student: Awaited<ReturnType<typeof createStudent>>;
  let otherStudent: Awaited<ReturnType<typeof createStudent>>;
  let parentOfTwo: { login: string; password: string };

  // No demo: a school at 127.0.0.1 (the listening server's host) with an API key (for single sign-on), two students
  // and a parent of both.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: '127.0.0.1' });
    apiKey = await createApiKey(db, school);
    student = await createStudent(db, school);
    otherStudent = await createStudent(db, school);
    parentOfTwo = await createParent(db, school, [student.studentId, otherStudent.studentId]);
    app = await buildApp({
      storage: createTestStorage(),
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: ['127.0.0.1'] },
      database,
      now: () => fixedNow,
      rateLimits: { loginPerMinute: 10_000, ssoPerMinute: 10_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app.close());

  const login = (user: string, password: string, address: string, device = 'lockout-device') =>
    fetch(`${base}/api/v2/user/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ user_name: user, password, device_id: device, source: 'WEB' }),
    });

  it('spends one argon2 verification on an unknown login, as on a known one', async () => {
    vi.mocked(passwords.verifyDummyPassword).mockClear();
    vi.mocked(passwords.verifyPassword).mockClear();
    const response = await login('9999999999', 'whatever1', '198.51.100.7');
    expect(response.status).toBe(401);
    expect(vi.mocked(passwords.verifyDummyPassword)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(passwords.verifyPassword)).not.toHaveBeenCalled();
  });

  it('locks the attacking address only: the owner still signs in from their own', async () => {
    const attacker = '198.51.100.10';
    const statuses = [];
    for (let index = 0; index <= lockoutAttempts; index += 1) {
      statuses.push((await login(student.login, `wrong-${index}`, attacker)).status);
    }
    expect(statuses.slice(0, lockoutAttempts)).toEqual(Array(lockoutAttempts).fill(401));
    expect(statuses.at(-1)).toBe(429);
    expect((await login(student.login, student.password, attacker)).status).toBe(429);
    const owner = await login(student.login, student.password, '203.0.113.5');
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as { result: { student_auth?: string } }).result.student_auth).toBeTruthy();
  });

  it('locks the login everywhere once many addresses together reach the ceiling', async () => {
    const user = otherStudent.login;
    const perAddress = lockoutAttempts - 1;
    const addresses = Math.ceil(accountLockoutAttempts / perAddress);
    let failures = 0;
    for (let address = 0; address < addresses; address += 1) {
      for (let index = 0; index < perAddress && failures < accountLockoutAttempts; index += 1) {
        expect((await login(user, `wrong-${address}-${index}`, `192.0.2.${address + 1}`)).status).toBe(401);
        failures += 1;
      }
    }
    // A fresh address, the right password: the login is locked for everyone until the window passes.
    vi.mocked(passwords.verifyPassword).mockClear();
    expect((await login(user, otherStudent.password, '192.0.2.200')).status).toBe(429);
    expect(vi.mocked(passwords.verifyPassword)).not.toHaveBeenCalled();
  });

  it('does not lock single sign-on: a locked login still signs in with a one-time SSO key', async () => {
    const user = parentOfTwo.login;
    const address = '198.51.100.20';
    for (let index = 0; index <= lockoutAttempts; index += 1) await login(user, `wrong-${index}`, address);
    expect((await login(user, parentOfTwo.password, address)).status).toBe(429);
    const minted = await app.inject({
      method: 'POST',
      url: '/api/v1/sso/link',
      headers: { 'x-api-key': apiKey },
      payload: { login: user },
    });
    // At the school's host, as the link names it (a link is exchanged only at its institute's hosts).
    const exchanged = await app.inject({
      method: 'POST',
      url: '/prod/ext/sso/login',
      headers: { host: '127.0.0.1' },
      payload: { token: minted.json().token },
    });
    const key = exchanged.json().data.result.key as string;
    const viaKey = await login(user, key, address);
    expect(viaKey.status).toBe(200);
  });
});
