import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgotAddressLimitMessage, smsLimitMessage } from '../src/features/auth/password.service.ts';
import { passwords } from '../src/lib/passwords.ts';
import type { SmsSender } from '../src/lib/sms.ts';
import { postForgotPassword } from './auth-helpers.ts';
import { createInstitute, createParent, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';

// Counts the argon2 hashes, the costly step, so that equal work for known and unknown numbers can be checked.
// Counts the password calls with spies on the module's one object, not a replaced module (the API's test files
// share their modules in a worker); restored when the file ends.
beforeAll(() => {
  vi.spyOn(passwords, 'hashPassword');
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('POST /api/v2/user/forgotPassword from outside', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const sent: { phone: string; body: string }[] = [];
  const sms: SmsSender = { send: async (message) => void sent.push(message) };
  let student: { login: string };
  let otherStudent: { login: string };
  let sharedPhone: { login: string };
  let blocked: { login: string };
  // No demo: a school at localhost with students of one account each, a phone holding a student and the parent of
  // her brother, and a blocked student. The factories hash passwords before the mock below starts counting.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    student = await createStudent(db, school);
    otherStudent = await createStudent(db, school);
    sharedPhone = await createStudent(db, school);
    const brother = await createStudent(db, school);
    await createParent(db, school, [brother.studentId], { phone: sharedPhone.login });
    blocked = await createStudent(db, school, { user: { isBlocked: true } });
    app = await createTestApp({ database, sms, rateLimits: { forgotPasswordPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  let nextAddress = 1;
  const forgot = (payload: Record<string, unknown>, ip = `10.2.0.${nextAddress++}`) =>
    postForgotPassword(app, payload, ip);

  it('answers the account choice with a display name and an opaque choice id only', async () => {
    const response = await forgot({ user_name: sharedPhone.login });
    expect(response.statusCode).toBe(200);
    const entries = response.json().result as Record<string, unknown>[];
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['choice_id', 'display_name']);
      expect(entry.choice_id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    }
    expect(response.body).not.toMatch(/@|student_id|account_id|join_date|is_login_allowed|acad/);
  });

  it('refuses a choice id it did not hand out, with the same outside answer and no message', async () => {
    const before = sent.length;
    const response = await forgot({ user_name: sharedPhone.login, choice_id: 'made-up' });
    expect(response.json()).toEqual({
      statusCode: 200,
      message: 'New Password send to your registered mobile number.',
      result: null,
    });
    expect(sent.length).toBe(before);
  });

  it('answers an unknown number exactly like a known one, after the same argon2 work', async () => {
    vi.mocked(passwords.hashPassword).mockClear();
    const known = await forgot({ user_name: student.login });
    const unknown = await forgot({ user_name: '9999999999' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json().message).toBe('New Password send to your registered mobile number.');
    expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for a blocked account, with the same outside answer', async () => {
    const before = sent.length;
    const known = await forgot({ user_name: otherStudent.login });
    const refused = await forgot({ user_name: blocked.login });
    expect(refused.statusCode).toBe(known.statusCode);
    expect(refused.body).toBe(known.body);
    expect(sent.map((message) => message.phone)).toEqual([
      ...sent.slice(0, before).map((message) => message.phone),
      otherStudent.login,
    ]);
  });

  it('limits an unknown number to 3 an hour like a known one', async () => {
    for (let count = 0; count < 3; count += 1) expect((await forgot({ user_name: '9888888888' })).statusCode).toBe(200);
    const fourth = await forgot({ user_name: '9888888888' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(smsLimitMessage);
  });

  it('limits one address to 20 requests an hour, whatever the phone', async () => {
    for (let count = 0; count < 20; count += 1) {
      expect((await forgot({ user_name: `97000000${String(count).padStart(2, '0')}` }, '10.3.0.1')).statusCode).toBe(
        200,
      );
    }
    const next = await forgot({ user_name: '9700000099' }, '10.3.0.1');
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toBe(forgotAddressLimitMessage);
  });
});
