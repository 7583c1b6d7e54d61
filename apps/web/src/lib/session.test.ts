import { afterEach, describe, expect, it, vi } from 'vitest';
import { greenfieldStudent, storeSession, testDay } from '../test/fixtures.ts';
import {
  clearSession,
  createStoredSession,
  getDeviceId,
  getSession,
  loadSession,
  rememberOrigin,
  rememberTokenLogin,
  takeOrigin,
  tokenLoginRedirect,
} from './session.ts';

describe('session store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the login day and the starting academic year with the session', () => {
    const stored = createStoredSession(greenfieldStudent(), testDay(23, 59));
    expect(stored).toMatchObject({ logindatetime: '21-11-2026', selectedAcadYrId: 4, selectedAcadYear: '2026-27' });
  });

  it('reads back what was stored, as the same object until it changes', () => {
    storeSession(greenfieldStudent());
    expect(getSession()?.user_id).toBe(101);
    expect(getSession()).toBe(getSession());
    clearSession();
    expect(getSession()).toBeNull();
  });

  it('ignores unreadable or user-less storage', () => {
    localStorage.setItem('session', '{not json');
    expect(getSession()).toBeNull();
    localStorage.setItem('session', JSON.stringify({ user_id: 0 }));
    expect(getSession()).toBeNull();
  });

  it('drops a session from another day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    storeSession(greenfieldStudent());
    expect(loadSession(testDay(23))).not.toBeNull();
    expect(loadSession(new Date(2026, 10, 22, 0, 1))).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('makes the device id once and keeps it', () => {
    const first = getDeviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(getDeviceId()).toBe(first);
  });

  it('remembers only in-app origins, once', () => {
    rememberOrigin('//evil.example/x');
    expect(takeOrigin()).toBeUndefined();
    rememberOrigin('/fees?tab=2');
    expect(takeOrigin()).toBe('/fees?tab=2');
    expect(takeOrigin()).toBeUndefined();
  });

  it('leaves for the institute after a link login only to an http(s) address', () => {
    expect(tokenLoginRedirect()).toBeUndefined();
    rememberTokenLogin('javascript:alert(1)');
    expect(tokenLoginRedirect()).toBeUndefined();
    rememberTokenLogin('https://erp.greenfield.test/home');
    expect(tokenLoginRedirect()).toBe('https://erp.greenfield.test/home');
  });
});
