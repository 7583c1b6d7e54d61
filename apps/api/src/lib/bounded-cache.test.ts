import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

/** A clock that moves only when told (not at 0: a cache's "written at" of 0 would never expire). */
function fixedClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('BoundedCache', () => {
  it('keeps at most max entries, dropping the least recently used', () => {
    const cache = new BoundedCache<string, number>({ max: 3 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    // Reading a makes b the least recently used.
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, undefined, 3, 4]);
    expect(cache.size).toBe(3);
    // Writing again also counts as a use: a is now the newest, c the oldest.
    cache.set('a', 10);
    cache.set('e', 5);
    expect([cache.get('a'), cache.get('c'), cache.get('d'), cache.get('e')]).toEqual([10, undefined, 4, 5]);
  });

  it('keeps at most maxSize in all, dropping the least recently used, and never an entry larger than that', () => {
    const cache = new BoundedCache<string, string>({ max: 100, maxSize: 10, sizeOf: (value) => value.length });
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    expect(cache.get('a')).toBe('xxxx');
    // 4 + 4 + 4 is over 10: b, the least recently used, goes.
    cache.set('c', 'zzzz');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['xxxx', undefined, 'zzzz']);
    cache.set('big', 'x'.repeat(11));
    expect(cache.get('big')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['xxxx', 'zzzz']);
    // An empty value has size 0, which lru-cache refuses: it counts as 1.
    cache.set('', '');
    expect(cache.get('')).toBe('');
  });

  it('forgets an entry its ttl after it was written, however often it is read', () => {
    const clock = fixedClock();
    const cache = new BoundedCache<string, string>({ max: 10, ttlMs: 60_000, now: clock.now });
    cache.set('host', 'one');
    clock.advance(59_000);
    expect(cache.get('host')).toBe('one');
    clock.advance(999);
    expect(cache.get('host')).toBe('one');
    clock.advance(2);
    expect(cache.get('host')).toBeUndefined();
    // Written again: a new minute.
    cache.set('host', 'two');
    clock.advance(30_000);
    expect(cache.get('host')).toBe('two');
  });

  it('keeps entries without a ttl until they are pushed out or deleted', () => {
    const clock = fixedClock();
    const cache = new BoundedCache<string, string>({ max: 2, now: clock.now });
    cache.set('paper', 'kept');
    clock.advance(365 * 24 * 3_600_000);
    expect(cache.get('paper')).toBe('kept');
    cache.delete('paper');
    expect(cache.get('paper')).toBeUndefined();
  });

  it('remembers one load per key for its ttl, shared by callers arriving together', async () => {
    const clock = fixedClock();
    const cache = new BoundedCache<number, Promise<string>>({ max: 10, ttlMs: 60_000, now: clock.now });
    let loads = 0;
    const load = async () => `settings ${++loads}`;
    const [first, second] = await Promise.all([cache.remember(1, load), cache.remember(1, load)]);
    expect([first, second, loads]).toEqual(['settings 1', 'settings 1', 1]);
    clock.advance(60_001);
    expect(await cache.remember(1, load)).toBe('settings 2');
    // Deleted (a change made through this process): the next call loads again at once.
    cache.delete(1);
    expect(await cache.remember(1, load)).toBe('settings 3');
  });

  it('does not remember a load that failed', async () => {
    const cache = new BoundedCache<number, Promise<string>>({ max: 10, ttlMs: 60_000 });
    await expect(cache.remember(1, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.remember(1, async () => 'read again')).toBe('read again');
  });
});
