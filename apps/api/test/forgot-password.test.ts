import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoLogins } from '../src/db/seed/demo-accounts.ts';
import { forgotAddressLimitMessage, smsLimitMessage } from '../src/features/auth/password.service.ts';
import type * as passwords from '../src/lib/passwords.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { SmsSender } from '../src/lib/sms.ts';
import { createDemoApp } from './helpers.ts';

// Counts the argon2 hashes, the costly step, so that equal work for known and unknown numbers can be checked.
vi.mock('../src/lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

describe('POST /api/v2/user/forgotPassword from outside', () => {
  let app: Awaited<ReturnType<typeof createDemoApp>>;
  const sent: { phone: string; body: string }[] = [];
  const sms: SmsSender = { send: async (message) => void sent.push(message) };
  beforeAll(async () => {
    app = await createDemoApp({ sms, rateLimits: { forgotPasswordPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  let nextAddress = 1;
  const forgot = (payload: Record<string, unknown>, ip = `10.2.0.${nextAddress++}`) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/user/forgotPassword',
      remoteAddress: ip,
      payload: { source: 'WEB', ...payload },
    });

  it('answers the account choice with a display name and an opaque choice id only', async () => {
    const response = await forgot({ user_name: demoLogins.greenfieldSharedPhone });
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
    const response = await forgot({ user_name: demoLogins.greenfieldSharedPhone, choice_id: 'made-up' });
    expect(response.json()).toEqual({
      statusCode: 200,
      message: 'New Password send to your registered mobile number.',
      result: null,
    });
    expect(sent.length).toBe(before);
  });

  it('answers an unknown number exactly like a known one, after the same argon2 work', async () => {
    vi.mocked(hashPassword).mockClear();
    const known = await forgot({ user_name: demoLogins.greenfieldStudent });
    const unknown = await forgot({ user_name: '9999999999' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json().message).toBe('New Password send to your registered mobile number.');
    expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for a blocked account, with the same outside answer', async () => {
    const before = sent.length;
    const known = await forgot({ user_name: demoLogins.greenfieldPastYearsOnly });
    const blocked = await forgot({ user_name: demoLogins.greenfieldBlocked });
    expect(blocked.statusCode).toBe(known.statusCode);
    expect(blocked.body).toBe(known.body);
    expect(sent.map((message) => message.phone)).toEqual([
      ...sent.slice(0, before).map((message) => message.phone),
      demoLogins.greenfieldPastYearsOnly,
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
