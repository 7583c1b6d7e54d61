import { describe, expect, it } from 'vitest';
import { isSessionLogin, readAutoLogin } from './auto-login.ts';

/** A tiny query reader, so the test needs no DOM. */
const query = (search: string) => {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
  return { get: (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null };
};

describe('readAutoLogin (spec part 1 §2)', () => {
  it('reads the login and the base64 password', () => {
    expect(readAutoLogin(query('?user=9000000001&pwd=ZGVtbzEyMzQ='))).toEqual({
      login: '9000000001',
      password: 'demo1234',
    });
  });

  it('accepts URL-safe base64 without padding and UTF-8 text', () => {
    // "pässwörd?>" in UTF-8
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode('pässwörd?>')))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(readAutoLogin(query(`?user=a%40b.test&pwd=${encoded}`))).toEqual({
      login: 'a@b.test',
      password: 'pässwörd?>',
    });
  });

  it.each(['', '?user=9000000001', '?pwd=ZGVtbzEyMzQ=', '?user=9000000001&pwd=%25%25', '?user=9000000001&pwd=***'])(
    'finds nothing in %s',
    (search) => {
      expect(readAutoLogin(query(search))).toBeUndefined();
    },
  );
});

describe('isSessionLogin', () => {
  const student = { parentslogin: false, parent_num: '9000000002', student_phone: '9000000001', email_id: 'a@x.test' };
  const parent = { ...student, parentslogin: true };

  it('matches a student session by its phone or email, ignoring spaces and case', () => {
    expect(isSessionLogin(student, '90000 00001')).toBe(true);
    expect(isSessionLogin(student, 'A@X.test')).toBe(true);
    expect(isSessionLogin(student, '9000000002')).toBe(false);
    expect(isSessionLogin(student, ' ')).toBe(false);
  });

  it('matches a parent session by the parent’s phone only', () => {
    expect(isSessionLogin(parent, '9000000002')).toBe(true);
    expect(isSessionLogin(parent, '9000000001')).toBe(false);
    expect(isSessionLogin(parent, 'a@x.test')).toBe(false);
  });

  it('never matches empty stored values', () => {
    expect(isSessionLogin({ ...student, email_id: '' }, '')).toBe(false);
  });
});
