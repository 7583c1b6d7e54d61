import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoLogins } from '../src/db/seed/demo-accounts.ts';
import { changePasswordLockedMessage, passwordMessages } from '../src/features/auth/password.service.ts';
import type * as passwords from '../src/lib/passwords.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { signIn } from './auth-helpers.ts';
import { createDemoApp } from './helpers.ts';

vi.mock('../src/lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

describe('POST /api/v1/changePwd with a stolen session', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  let base: string;
  beforeAll(async () => {
    app = await createDemoApp({ rateLimits: { loginPerMinute: 1000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app.close());

  it('checks at most 5 old passwords of 15 parallel guesses, then ends the session', async () => {
    const session = await signIn(app, { user_name: demoLogins.greenfieldStudent });
    vi.mocked(verifyPassword).mockClear();
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
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
    expect(answers.filter((answer) => answer.body.message === passwordMessages.oldWrong)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(11);
    expect(answers.find((answer) => answer.status === 403)!.body.message).toBe(changePasswordLockedMessage);
    // The session is over: even the right password is no longer asked about.
    expect((await change('demo1234')).status).toBe(403);
    const profile = await fetch(`${base}/api/v1/academicYear/all/${session.institute_id}`, {
      headers: { authorization: session.student_auth },
    });
    expect(profile.status).toBe(403);
  });
});
