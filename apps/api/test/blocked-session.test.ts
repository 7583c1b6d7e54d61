import type { Session } from '@campus/domain/auth/auth.contract';
import { loginMessages } from '@campus/domain/auth/login-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../src/db/seed/demo-accounts.ts';
import { users } from '../src/db/schema/users.ts';
import { authMessages } from '../src/plugins/auth.ts';
import { getAs, postLogin, signIn } from './auth-helpers.ts';
import { createDemoApp } from './helpers.ts';

/** Blocking an account ends the sessions it already has open, not only its next login. */
describe('sessions of a blocked account', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  beforeAll(async () => {
    app = await createDemoApp({ rateLimits: { loginPerMinute: 1000 } });
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
    const aarav = await signIn(app, { user_name: demoLogins.greenfieldStudent });
    expect((await years(aarav)).statusCode).toBe(200);
    await setBlocked(aarav, aarav.account_id, true);
    const refused = await years(aarav);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: authMessages.revoked });
    // The next login answers the blocked account's option, as before.
    const again = await postLogin(app, { user_name: demoLogins.greenfieldStudent });
    expect(again.json()).toMatchObject({ message: loginMessages.blocked, result: { login_option: 13 } });
    await setBlocked(aarav, aarav.account_id, false);
    expect((await years(aarav)).statusCode).toBe(200);
  });

  it('ends a parent’s session when the parent account is blocked', async () => {
    const list = (await postLogin(app, { user_name: demoLogins.greenfieldParentOfTwo })).json().result;
    const parent = await signIn(app, {
      user_name: demoLogins.greenfieldParentOfTwo,
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
