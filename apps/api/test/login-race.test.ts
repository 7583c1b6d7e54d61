import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { passwords } from '../src/lib/passwords.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestStorage, fixedNow } from './helpers.ts';

// Counts the real argon2 checks the server runs.
// Counts the password calls with spies on the module's one object, not a replaced module (the API's test files
// share their modules in a worker); restored when the file ends.
beforeAll(() => {
  vi.spyOn(passwords, 'verifyPassword');
});
afterAll(() => {
  vi.restoreAllMocks();
});

/**
 * The lock-out under real parallel requests against listening servers (two app instances on one database, as
 * two API processes behind a load balancer would be), not inject one by one.
 */
describe('POST /api/v2/user/v3/login under parallel attempts', () => {
  let database: Database;
  const apps: App[] = [];
  const bases: string[] = [];
  let student: { login: string; password: string };
  let otherStudent: { login: string };

  // No demo: a school at 127.0.0.1 (the listening servers' host) with two students.
  beforeAll(async () => {
    const storage = createTestStorage();
    database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host: '127.0.0.1' });
    student = await createStudent(database.db, school);
    otherStudent = await createStudent(database.db, school);
    for (let index = 0; index < 2; index += 1) {
      const app = await buildApp({
        storage,
        config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' },
        // The database is closed once, below, not by each app.
        database: { ...database, close: async () => undefined },
        now: () => fixedNow,
        rateLimits: { loginPerMinute: 10_000 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      apps.push(app);
      bases.push(`http://127.0.0.1:${address.port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  const attempt = (index: number, login: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${bases[index % bases.length]}/api/v2/user/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ user_name: login, password, device_id: `race-${index}`, source: 'WEB' }),
    }).then((response) => response.status);

  it('runs exactly 5 password checks for 50 parallel wrong passwords from one address; the rest are 429', async () => {
    vi.mocked(passwords.verifyPassword).mockClear();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => attempt(index, student.login, `wrong-${index}`)),
    );
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(5);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    // The right password from the same address is locked out too.
    expect(await attempt(0, student.login, student.password)).toBe(429);
  });

  it('keeps the limit when each request forges its own X-Forwarded-For (no proxy is trusted)', async () => {
    vi.mocked(passwords.verifyPassword).mockClear();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        attempt(index, otherStudent.login, `wrong-${index}`, { 'x-forwarded-for': `203.0.113.${index}` }),
      ),
    );
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });
});
