import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin, signIn, testDevice } from '../../../test/auth-helpers.ts';
import { createDemoApp, fixedNow } from '../../../test/helpers.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { lockoutMessage } from './login.service.ts';
import { passwordMessages, smsLimitMessage } from './password.service.ts';

describe('passwords', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  let clock = fixedNow;
  const sent: { phone: string; body: string }[] = [];
  const sms: SmsSender = { send: async (message) => void sent.push(message) };
  beforeAll(async () => {
    app = await createDemoApp({
      now: () => clock,
      sms,
      rateLimits: { loginPerMinute: 1000, forgotPasswordPerMinute: 1000 },
    });
  });
  afterAll(() => app.close());

  const forgot = (payload: Record<string, unknown>, ip = '10.1.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/v2/user/forgotPassword',
      remoteAddress: ip,
      payload: { source: 'WEB', ...payload },
    });
  const changePwd = (credential: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/changePwd', headers: { authorization: credential }, payload });

  describe('lock-out', () => {
    it('locks a login after 5 failures in 15 minutes, even for the right password, and lets it go after', async () => {
      const login = demoLogins.greenfieldBlocked;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await postLogin(app, { user_name: login, password: `wrong-${attempt}` })).statusCode).toBe(401);
      }
      const locked = await postLogin(app, { user_name: login });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: lockoutMessage });
      clock = new Date(fixedNow.getTime() + 15 * 60 * 1000 + 1000);
      const later = await postLogin(app, { user_name: login });
      clock = fixedNow;
      expect(later.json().result).toMatchObject({ login_option: 13 });
    });
  });

  describe('POST /api/v2/user/forgotPassword', () => {
    it('sends a temporary password to a phone with one account; the old one keeps working', async () => {
      const response = await forgot({ user_name: demoLogins.greenfieldStudent });
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'New Password send to your registered mobile number.',
        result: null,
      });
      const message = sent.at(-1)!;
      expect(message.phone).toBe(demoLogins.greenfieldStudent);
      const temporary = message.body.split(' ')[0]!;
      expect(temporary).toMatch(/^[A-Za-z0-9]{8}$/);
      await signIn(app, { user_name: demoLogins.greenfieldStudent });
      const withTemporary = await signIn(app, { user_name: demoLogins.greenfieldStudent, password: temporary });
      expect(withTemporary.must_change_password).toBe(true);
      // Until a new password is set, that session opens nothing but the password change and logout.
      const blocked = await app.inject({
        method: 'GET',
        url: `/api/v1/academicYear/all/${withTemporary.institute_id}`,
        headers: { authorization: withTemporary.student_auth },
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe('Please set a new password first.');
      const changed = await changePwd(withTemporary.student_auth, {
        institute_id: withTemporary.institute_id,
        userid: withTemporary.account_id,
        oldPassword: temporary,
        newPassword: 'demo1234',
      });
      expect(changed.json()).toEqual({ statusCode: 200, message: 'Password changed successfully,Please Re-Login!' });
    });

    it('expires the temporary password after 15 minutes', async () => {
      await forgot({ user_name: demoLogins.greenfieldRegisteredDevice });
      const temporary = sent.at(-1)!.body.split(' ')[0]!;
      clock = new Date(fixedNow.getTime() + 15 * 60 * 1000 + 1);
      const response = await postLogin(app, { user_name: demoLogins.greenfieldRegisteredDevice, password: temporary });
      clock = fixedNow;
      expect(response.statusCode).toBe(401);
    });

    it('lists the accounts of a phone with several, and sends to the one chosen', async () => {
      const response = await forgot({ user_name: demoLogins.greenfieldSharedPhone });
      const entries = response.json().result;
      expect(entries).toHaveLength(2);
      expect(JSON.stringify(entries)).not.toContain('password');
      // The parent's entry names the child (defect 4), the student's is the student's name.
      const names = entries.map((entry: { display_name: string }) => entry.display_name);
      expect(names.some((name: string) => / \(Parent of [A-Z][a-z]+ [A-Z][a-z]+\)$/.test(name))).toBe(true);
      const before = sent.length;
      const chosen = await forgot({ user_name: demoLogins.greenfieldSharedPhone, choice_id: entries[1].choice_id });
      expect(chosen.json().result).toBeNull();
      expect(sent.length).toBe(before + 1);
    });

    it('sends at most 3 per phone per hour', async () => {
      const phone = demoLogins.greenfieldPastYearsOnly;
      for (let count = 0; count < 3; count += 1) expect((await forgot({ user_name: phone })).statusCode).toBe(200);
      const fourth = await forgot({ user_name: phone });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toBe(smsLimitMessage);
    });

    it('refuses anything but digits', async () => {
      expect((await forgot({ user_name: 'student@apex.test' })).statusCode).toBe(400);
    });
  });

  describe('POST /api/v1/changePwd', () => {
    it('checks the existing password on the server, with the spec messages', async () => {
      const session = await signIn(app, { user_name: demoLogins.apexStudent }, { host: 'apex.localhost' });
      const change = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/changePwd',
          headers: { authorization: session.student_auth, host: 'apex.localhost' },
          payload: { institute_id: session.institute_id, userid: session.account_id, ...payload },
        });
      expect((await change({ oldPassword: '', newPassword: 'abc123' })).json().message).toBe(
        passwordMessages.oldRequired,
      );
      expect((await change({ oldPassword: 'wrong1', newPassword: 'abc123' })).json().message).toBe(
        'Please enter correct existing password',
      );
      for (const bad of ['abc12', 'abcdefghijk', 'abc 123', 'abc-123']) {
        expect((await change({ oldPassword: 'demo1234', newPassword: bad })).json().message).toBe(
          ' New passwords must contain 6-10 alphanumeric entries.',
        );
      }
      expect(
        (await change({ oldPassword: 'demo1234', newPassword: 'demo1234', userid: session.account_id + 1 })).statusCode,
      ).toBe(403);
    });

    it('changes a parent’s own password and revokes the account’s other sessions', async () => {
      const elsewhere = await signIn(
        app,
        { user_name: demoLogins.apexParent, device_id: 'phone' },
        { host: 'apex.localhost' },
      );
      const here = await signIn(
        app,
        { user_name: demoLogins.apexParent, logout_from_all_devices: true },
        { host: 'apex.localhost' },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/changePwd',
        headers: { authorization: here.student_auth, host: 'apex.localhost' },
        payload: {
          institute_id: here.institute_id,
          userid: here.parent_id,
          oldPassword: 'demo1234',
          newPassword: 'newpass1',
        },
      });
      expect(response.json().message).toBe("Parent's Password changed successfully,Please Re-Login!");
      const url = `/api/v1/academicYear/all/${here.institute_id}`;
      const old = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: elsewhere.student_auth, host: 'apex.localhost' },
      });
      expect(old.statusCode).toBe(403);
      const current = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: here.student_auth, host: 'apex.localhost' },
      });
      expect(current.statusCode).toBe(200);
      expect((await postLogin(app, { user_name: demoLogins.apexParent }, { host: 'apex.localhost' })).statusCode).toBe(
        401,
      );
      await signIn(
        app,
        { user_name: demoLogins.apexParent, password: 'newpass1', device_id: testDevice },
        { host: 'apex.localhost' },
      );
    });
  });
});
