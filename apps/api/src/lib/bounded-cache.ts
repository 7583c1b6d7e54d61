import { LRUCache } from 'lru-cache';

/** How a cache is bounded. */
export interface BoundedCacheOptions {
  /** At most this many entries: past it, the least recently read or written one goes. */
  max: number;
  /** An entry expires this long after it was written (a read does not extend it); never when omitted. */
  ttlMs?: number;
  /** The clock, in ms: the wall clock unless a test fixes it. */
  now?: () => number;
}

/** A cache bounded by the size of what it holds as well (characters of text, bytes). */
export interface SizedCacheOptions<K, V> extends BoundedCacheOptions {
  /** At most this much in all: past it, the least recently used entries go. */
  maxSize: number;
  /** An entry's size; an entry larger than `maxSize` is not kept. */
  sizeOf: (value: V, key: K) => number;
}

/**
 * The process's in-memory caches, all bounded (lru-cache underneath). Values are never null or undefined: a cache
 * that must remember "none" keeps it wrapped (`{ instituteId: undefined }`).
 */
export class BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<K, V>;

  constructor(options: BoundedCacheOptions | SizedCacheOptions<K, V>) {
    const { max, ttlMs, now = Date.now } = options;
    // lru-cache refuses a size under 1 (an empty string's), so every entry counts for at least 1.
    const sized =
      'maxSize' in options
        ? { maxSize: options.maxSize, sizeCalculation: (value: V, key: K) => Math.max(1, options.sizeOf(value, key)) }
        : {};
    // ttlResolution 0: the clock is read on every check (no timer keeps a cached reading).
    this.#entries = new LRUCache<K, V>({ max, ttl: ttlMs, ttlResolution: 0, perf: { now }, ...sized });
  }

  /** The entry if kept and not expired; it becomes the most recently used. */
  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.#entries.set(key, value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The promise kept under `key`, else `load()`'s, kept from now: callers arriving together share one load. A
   * promise that rejects is dropped (if still the one kept), so the next call loads again.
   */
  remember<T>(this: BoundedCache<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const value = load();
    value.catch(() => {
      if (this.#entries.peek(key, { allowStale: true }) === value) this.#entries.delete(key);
    });
    this.#entries.set(key, value);
    return value;
  }
}
