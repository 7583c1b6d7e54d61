import { loginMessages } from '@campus/domain/auth/login-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { smsOutbox } from '../src/db/schema/auth.ts';
import type { SmsSender } from '../src/lib/sms.ts';
import { postLogin, signIn } from './auth-helpers.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from './helpers.ts';
import { waitForJobs } from './jobs.ts';

/** A temporary password (forgot password) signs in once; the session it opened can still set the new password. */
describe('temporary passwords are single use', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  const sent: { phone: string; body: string }[] = [];
  const sms: SmsSender = { send: async (message) => void sent.push(message) };
  let student: { login: string };
  let otherStudent: { login: string };
  // No demo: a school at localhost with two students.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host: 'localhost' });
    student = await createStudent(database.db, school);
    otherStudent = await createStudent(database.db, school);
    app = await createTestApp({
      database,
      now: () => clock,
      sms,
      rateLimits: { loginPerMinute: 1000, forgotPasswordPerMinute: 1000 },
    });
  });
  afterAll(() => app.close());

  const sendTemporary = async (login: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v2/user/forgotPassword',
      payload: { source: 'WEB', user_name: login },
    });
    expect(response.json().result).toBeNull();
    // The text leaves by the sms-send job.
    await waitForJobs(app.jobs);
    return sent.at(-1)!.body.split(' ')[0]!;
  };

  it('refuses a temporary password after its first sign-in; the session it opened still changes the password', async () => {
    const login = student.login;
    const temporary = await sendTemporary(login);
    const first = await signIn(app, { user_name: login, password: temporary });
    expect(first.must_change_password).toBe(true);

    clock = new Date(fixedNow.getTime() + 60 * 1000);
    const again = await postLogin(app, { user_name: login, password: temporary });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(loginMessages.defaultFailure);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/changePwd',
      headers: { authorization: first.student_auth },
      payload: {
        institute_id: first.institute_id,
        userid: first.account_id,
        oldPassword: temporary,
        newPassword: 'newpass1',
      },
    });
    expect(changed.json()).toEqual({ statusCode: 200, message: 'Password changed successfully,Please Re-Login!' });
    expect((await postLogin(app, { user_name: login, password: 'newpass1' })).json().message).toBe('Login successful');
    clock = fixedNow;
  });

  it('lets a newly sent temporary password sign in once again', async () => {
    const login = otherStudent.login;
    const used = await sendTemporary(login);
    await signIn(app, { user_name: login, password: used });
    const next = await sendTemporary(login);
    expect((await postLogin(app, { user_name: login, password: used })).statusCode).toBe(401);
    const session = await signIn(app, { user_name: login, password: next });
    expect(session.must_change_password).toBe(true);
    expect((await postLogin(app, { user_name: login, password: next })).statusCode).toBe(401);
  });

  /** Temporary passwords the outbox still holds in clear for `phone`. */
  const secretsAtRest = async (phone: string) =>
    (
      await app.db
        .select({ secret: smsOutbox.secret })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, phone), isNotNull(smsOutbox.secret)))
    ).map((row) => row.secret);

  it('keeps a temporary password in the outbox only while it can sign in', async () => {
    const login = student.login;
    const replaced = await sendTemporary(login);
    expect(await secretsAtRest(login)).toEqual([replaced]);
    const current = await sendTemporary(login);
    // A newer one replaces it: only the newer one is kept.
    expect(await secretsAtRest(login)).toEqual([current]);
    // Used to sign in: gone too (the session's password change checks the hash, not the outbox).
    expect((await signIn(app, { user_name: login, password: current })).must_change_password).toBe(true);
    expect(await secretsAtRest(login)).toEqual([]);
  });
});
