import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changePasswordLockedMessage, passwordMessages } from '../src/features/auth/password.service.ts';
import { passwords } from '../src/lib/passwords.ts';
import { signIn } from './auth-helpers.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

// Counts the password calls with spies on the module's one object, not a replaced module (the API's test files
// share their modules in a worker); restored when the file ends.
beforeAll(() => {
  vi.spyOn(passwords, 'verifyPassword');
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('POST /api/v1/changePwd with a stolen session', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let student: { login: string; password: string };
  // No demo: a school at 127.0.0.1 (the listening server's host) with one student.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    student = await createStudent(database.db, await createInstitute(database.db, { host: '127.0.0.1' }));
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app.close());

  it('checks at most 5 old passwords of 15 parallel guesses, then ends the session', async () => {
    const session = await signIn(app, { user_name: student.login, password: student.password }, { host: '127.0.0.1' });
    vi.mocked(passwords.verifyPassword).mockClear();
    const change = (oldPassword: string) =>
      fetch(`${base}/api/v1/changePwd`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: session.student_auth },
        body: JSON.stringify({
          institute_id: session.institute_id,
          userid: session.account_id,
          oldPassword,
          newPassword: 'abc123',
        }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { message: string } }));
    const answers = await Promise.all(Array.from({ length: 15 }, (_, index) => change(`wrong-${index}`)));
    expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(5);
    expect(answers.filter((answer) => answer.body.message === passwordMessages.oldWrong)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(11);
    expect(answers.find((answer) => answer.status === 403)!.body.message).toBe(changePasswordLockedMessage);
    // The session is over: even the right password is no longer asked about.
    expect((await change(student.password)).status).toBe(403);
    const profile = await fetch(`${base}/api/v1/academicYear/all/${session.institute_id}`, {
      headers: { authorization: session.student_auth },
    });
    expect(profile.status).toBe(403);
  });
});
