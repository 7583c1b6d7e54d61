import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForgotPassword, postLogin, signIn, testDevice } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { lockoutMessage } from './login.service.ts';
import { passwordMessages, smsLimitMessage } from './password.service.ts';

describe('passwords', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  const sent: { phone: string; body: string }[] = [];
  const sms: SmsSender = { send: async (message) => void sent.push(message) };
  type Login = { login: string; password: string };
  let student: Login;
  let secondStudent: Login;
  let thirdStudent: Login;
  let sharedPhone: Login;
  let blocked: Login;
  let apexStudent: Awaited<ReturnType<typeof createStudent>>;
  let apexParent: Login;
  // No demo: a school at localhost with students of one account each, a blocked one, and a phone holding a student
  // and the parent of her brother; a coaching institute at apex.localhost with a student and her parent.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const apex = await createInstitute(db, { host: 'apex.localhost', isSchool: false });
    student = await createStudent(db, school);
    secondStudent = await createStudent(db, school);
    thirdStudent = await createStudent(db, school);
    sharedPhone = await createStudent(db, school, { user: { name: 'Meera Iyer' } });
    const brother = await createStudent(db, school, { user: { name: 'Kabir Iyer' } });
    await createParent(db, school, [brother.studentId], { name: 'Meera Iyer', phone: sharedPhone.login });
    blocked = await createStudent(db, school, { user: { isBlocked: true } });
    apexStudent = await createStudent(db, apex);
    apexParent = await createParent(db, apex, [apexStudent.studentId]);
    app = await createTestApp({
      database,
      now: () => clock,
      sms,
      rateLimits: { loginPerMinute: 1000, forgotPasswordPerMinute: 1000 },
    });
  });
  afterAll(() => app.close());

  const forgot = (payload: Record<string, unknown>, ip = '10.1.0.1') => postForgotPassword(app, payload, ip);
  const changePwd = (credential: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/changePwd', headers: { authorization: credential }, payload });

  describe('lock-out', () => {
    it('locks a login after 5 failures in 15 minutes, even for the right password, and lets it go after', async () => {
      const login = blocked.login;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await postLogin(app, { user_name: login, password: `wrong-${attempt}` })).statusCode).toBe(401);
      }
      const locked = await postLogin(app, { user_name: login, password: blocked.password });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: lockoutMessage });
      clock = new Date(fixedNow.getTime() + 15 * 60 * 1000 + 1000);
      const later = await postLogin(app, { user_name: login, password: blocked.password });
      clock = fixedNow;
      expect(later.json().result).toMatchObject({ login_option: 13 });
    });
  });

  describe('POST /api/v2/user/forgotPassword', () => {
    it('sends a temporary password to a phone with one account; the old one keeps working', async () => {
      const response = await forgot({ user_name: student.login });
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'New Password send to your registered mobile number.',
        result: null,
      });
      const message = sent.at(-1)!;
      expect(message.phone).toBe(student.login);
      const temporary = message.body.split(' ')[0]!;
      expect(temporary).toMatch(/^[A-Za-z0-9]{8}$/);
      await signIn(app, { user_name: student.login, password: student.password });
      const withTemporary = await signIn(app, { user_name: student.login, password: temporary });
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
        newPassword: 'newpass2',
      });
      expect(changed.json()).toEqual({ statusCode: 200, message: 'Password changed successfully,Please Re-Login!' });
    });

    it('expires the temporary password after 15 minutes', async () => {
      await forgot({ user_name: secondStudent.login });
      const temporary = sent.at(-1)!.body.split(' ')[0]!;
      clock = new Date(fixedNow.getTime() + 15 * 60 * 1000 + 1);
      const response = await postLogin(app, { user_name: secondStudent.login, password: temporary });
      clock = fixedNow;
      expect(response.statusCode).toBe(401);
    });

    it('lists the accounts of a phone with several, and sends to the one chosen', async () => {
      const response = await forgot({ user_name: sharedPhone.login });
      const entries = response.json().result;
      expect(entries).toHaveLength(2);
      expect(JSON.stringify(entries)).not.toContain('password');
      // The parent's entry names the child (defect 4), the student's is the student's name.
      const names = entries.map((entry: { display_name: string }) => entry.display_name);
      expect(names.some((name: string) => / \(Parent of [A-Z][a-z]+ [A-Z][a-z]+\)$/.test(name))).toBe(true);
      const before = sent.length;
      const chosen = await forgot({ user_name: sharedPhone.login, choice_id: entries[1].choice_id });
      expect(chosen.json().result).toBeNull();
      expect(sent.length).toBe(before + 1);
    });

    it('sends at most 3 per phone per hour', async () => {
      const phone = thirdStudent.login;
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
      const session = await signIn(
        app,
        { user_name: apexStudent.login, password: apexStudent.password },
        { host: 'apex.localhost' },
      );
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
        expect((await change({ oldPassword: apexStudent.password, newPassword: bad })).json().message).toBe(
          ' New passwords must contain 6-10 alphanumeric entries.',
        );
      }
      expect(
        (
          await change({
            oldPassword: apexStudent.password,
            newPassword: 'newpass3',
            userid: session.account_id + 1,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('changes a parent’s own password and revokes the account’s other sessions', async () => {
      const elsewhere = await signIn(
        app,
        { user_name: apexParent.login, password: apexParent.password, device_id: 'phone' },
        { host: 'apex.localhost' },
      );
      const here = await signIn(
        app,
        { user_name: apexParent.login, password: apexParent.password, logout_from_all_devices: true },
        { host: 'apex.localhost' },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/changePwd',
        headers: { authorization: here.student_auth, host: 'apex.localhost' },
        payload: {
          institute_id: here.institute_id,
          userid: here.parent_id,
          oldPassword: apexParent.password,
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
      expect(
        (
          await postLogin(
            app,
            { user_name: apexParent.login, password: apexParent.password },
            { host: 'apex.localhost' },
          )
        ).statusCode,
      ).toBe(401);
      await signIn(
        app,
        { user_name: apexParent.login, password: 'newpass1', device_id: testDevice },
        { host: 'apex.localhost' },
      );
    });
  });
});
