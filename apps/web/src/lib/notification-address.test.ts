import { describe, expect, it } from 'vitest';
import { notificationAddress } from './notification-address.ts';

describe('notificationAddress', () => {
  it.each([
    [{ path: '/timetable?date=2026-11-21', student_id: 5002 }, '/my-account/timetable?date=2026-11-21&child=5002'],
    [{ path: '/fees' }, '/my-account/fees'],
    // Another site, a protocol-relative address or nothing at all: the dashboard.
    [{ path: 'https://evil.test/', student_id: 1 }, '/my-account/dashboard?child=1'],
    [{ path: '//evil.test/x' }, '/my-account/dashboard'],
    [{}, '/my-account/dashboard'],
  ])('%j opens %s', (push, address) => {
    expect(notificationAddress(push)).toBe(address);
  });
});
