import type { Session } from '@campus/domain/auth/auth.contract';
import { loginMessages } from '@campus/domain/auth/login-rules';
import { authMessages } from '../../plugins/auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createTestApp } from '../../../test/helpers.ts';

/**
 * A parent of several children switches the child the session views (issue 31: an alert about one child opens on
 * that child), without signing in again; only to their own children, and not past the fee-dues stop.
 */
describe('switching the child a parent views', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let school: Awaited<ReturnType<typeof createInstitute>>;
  let children: { aarav: number; diya: number; blocked: number; stranger: number };
  let mother: Awaited<ReturnType<typeof createParent>>;
  let aaravUserId: number;
  const host = 'switch.test';

  beforeAll(async () => {
    app = await createTestApp();
    school = await createInstitute(app.db, { host });
    const aarav = await createStudent(app.db, school, { user: { name: 'Aarav' } });
    const diya = await createStudent(app.db, school, { user: { name: 'Diya' } });
    const blocked = await createStudent(app.db, school, { user: { name: 'Kabir', isLoginAllowed: 0 } });
    const stranger = await createStudent(app.db, school, { user: { name: 'Neha' } });
    mother = await createParent(app.db, school, [aarav.studentId, diya.studentId, blocked.studentId]);
    aaravUserId = aarav.userId;
    children = {
      aarav: aarav.studentId,
      diya: diya.studentId,
      blocked: blocked.studentId,
      stranger: stranger.studentId,
    };
  });
  afterAll(() => app?.close());

  const signInAsMother = () =>
    signIn(
      app,
      {
        user_name: mother.login,
        password: mother.password,
        user_type: 2,
        user_id: aaravUserId,
        institute_id: school.id,
      },
      { host },
    );
  const switchTo = (session: Session, studentId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/switch-child',
      headers: { authorization: session.student_auth, host },
      payload: { student_id: studentId },
    });
  const academicYears = (session: Session) =>
    getAs(app, session.student_auth, `/api/v1/academicYear/all/${school.id}`, host);

  it('answers a new session viewing the other child, and the old one ends', async () => {
    const before = await signInAsMother();
    expect(before.name).toBe('Aarav');
    const response = await switchTo(before, children.diya);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().result as Session;
    expect(after).toMatchObject({ name: 'Diya', student_id: children.diya, parentslogin: true });
    expect(after.student_auth).not.toBe(before.student_auth);
    expect((await academicYears(after)).statusCode).toBe(200);
    // The old credential is refused as a revoked one (403: the web app signs it out).
    const old = await academicYears(before);
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toBe(authMessages.revoked);
  });

  it("refuses another family's child (404), and a session viewing a child may switch back", async () => {
    const parent = await signInAsMother();
    expect((await switchTo(parent, children.stranger)).statusCode).toBe(404);
    const diya = await switchTo(parent, children.diya);
    const diyaSession = diya.json().result as Session;
    // A session that views a child is still the parent's: the parent may switch back.
    expect((await switchTo(diyaSession, children.aarav)).statusCode).toBe(200);
  });

  it("a student's session has no child to switch to", async () => {
    const aarav = await createStudent(app.db, school);
    const session = await signIn(app, { user_name: aarav.login, password: aarav.password }, { host });
    expect((await switchTo(session, aarav.studentId)).statusCode).toBe(404);
  });

  it('keeps the fee-dues stop of the login: a child whose login is not allowed is refused with its message', async () => {
    const parent = await signInAsMother();
    const response = await switchTo(parent, children.blocked);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(loginMessages.feeDues);
    // The session it came from goes on.
    expect((await academicYears(parent)).statusCode).toBe(200);
  });
});
