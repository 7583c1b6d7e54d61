import type { Session } from '@campus/domain/auth/auth.contract';
import { loginMessages } from '@campus/domain/auth/login-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import { authMessages } from '../src/plugins/auth.ts';
import { getAs, postLogin, signIn } from './auth-helpers.ts';
import { createInstitute, createParent, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

/** Blocking an account ends the sessions it already has open, not only its next login. */
describe('sessions of a blocked account', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Awaited<ReturnType<typeof createStudent>>;
  let parentOfTwo: { login: string; password: string };
  // No demo: a school at localhost with a student and a parent of two children.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    student = await createStudent(db, school);
    const sibling = await createStudent(db, school);
    parentOfTwo = await createParent(db, school, [student.studentId, sibling.studentId]);
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  const setBlocked = (session: Session, userId: number, isBlocked: boolean) =>
    app.db
      .update(users)
      .set({ isBlocked })
      .where(and(eq(users.instituteId, session.institute_id), eq(users.id, userId)));
  const years = (session: Session) =>
    getAs(app, session.student_auth, `/api/v1/academicYear/all/${session.institute_id}`);

  it('refuses an open session once its account is blocked, with the logged-out message', async () => {
    const studentSession = await signIn(app, { user_name: student.login, password: student.password });
    expect((await years(studentSession)).statusCode).toBe(200);
    await setBlocked(studentSession, studentSession.account_id, true);
    const refused = await years(studentSession);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: authMessages.revoked });
    // The next login answers the blocked account's option, as before.
    const again = await postLogin(app, { user_name: student.login, password: student.password });
    expect(again.json()).toMatchObject({ message: loginMessages.blocked, result: { login_option: 13 } });
    await setBlocked(studentSession, studentSession.account_id, false);
    expect((await years(studentSession)).statusCode).toBe(200);
  });

  it('ends a parent’s session when the parent account is blocked', async () => {
    const list = (await postLogin(app, { user_name: parentOfTwo.login, password: parentOfTwo.password })).json().result;
    const parent = await signIn(app, {
      user_name: parentOfTwo.login,
      password: parentOfTwo.password,
      user_type: 2,
      user_id: list[0].user_id,
    });
    expect((await years(parent)).statusCode).toBe(200);
    await setBlocked(parent, parent.account_id, true);
    const refused = await years(parent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(authMessages.revoked);
    await setBlocked(parent, parent.account_id, false);
  });
});
