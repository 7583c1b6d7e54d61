import { describe, expect, it } from 'vitest';
import { readAutoLogin } from './auto-login.ts';

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
