import type { AnswerChange } from '@campus/domain/exam/exam.contract';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The answers the panel has not yet had acknowledged, kept in the browser's IndexedDB (idb-keyval) per attempt, so
 * a dropped connection, a reload or a closed window loses nothing: they are sent, in seq order, when the
 * connection returns or the panel reopens. Where IndexedDB is missing (tests without it) a memory map stands in.
 */
export interface StoredQueue {
  /** The last seq this browser gave a change of the attempt. */
  lastSeq: number;
  /** Changes not yet acknowledged, in seq order. */
  pending: AnswerChange[];
}

interface KeyValue {
  get(key: string): Promise<StoredQueue | undefined>;
  set(key: string, value: StoredQueue): Promise<void>;
  del(key: string): Promise<void>;
}

function indexedDbStore(): KeyValue {
  let store: UseStore | undefined;
  const open = () => (store ??= createStore('campus-exam', 'answer-queue'));
  return {
    get: (key) => get<StoredQueue>(key, open()),
    set: (key, value) => set(key, value, open()),
    del: (key) => del(key, open()),
  };
}

function memoryStore(): KeyValue {
  const map = new Map<string, StoredQueue>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
  };
}

const backing: KeyValue = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore();

/** The queue of one attempt, persisted after every change. */
export class AnswerQueue {
  private state: StoredQueue = { lastSeq: 0, pending: [] };
  private writes: Promise<void> = Promise.resolve();
  private abandoned = false;

  private constructor(private readonly key: string) {}

  /** Opens the queue of an attempt (named by its test and attempt number); `serverSeq` is the highest seq saved. */
  static async open(key: string, serverSeq: number): Promise<AnswerQueue> {
    const queue = new AnswerQueue(`attempt:${key}`);
    const stored = await backing.get(queue.key).catch(() => undefined);
    queue.state = stored ?? { lastSeq: 0, pending: [] };
    queue.state.lastSeq = Math.max(queue.state.lastSeq, serverSeq);
    return queue;
  }

  get pending(): readonly AnswerChange[] {
    return this.state.pending;
  }

  /**
   * Adds a change with the next seq at once (the screen shows it straight away); `stored` resolves once the queue
   * is in IndexedDB, and only then is it sent.
   */
  push(change: Omit<AnswerChange, 'seq'>): { change: AnswerChange; stored: Promise<void> } {
    this.state.lastSeq += 1;
    const withSeq = { ...change, seq: this.state.lastSeq };
    this.state.pending.push(withSeq);
    return { change: withSeq, stored: this.persist() };
  }

  /** Drops the changes the server acknowledged (every seq up to and including `upTo` that was sent). */
  async acknowledge(sent: readonly AnswerChange[]): Promise<void> {
    const done = new Set(sent.map((change) => change.seq));
    this.state.pending = this.state.pending.filter((change) => !done.has(change.seq));
    await this.persist();
  }

  /** Forgets the attempt (after submission). */
  async clear(): Promise<void> {
    this.state = { lastSeq: this.state.lastSeq, pending: [] };
    await this.writes;
    await backing.del(this.key).catch(() => undefined);
  }

  /**
   * Stops the queue for good: another window took the attempt over (issue 27 item 4). Its unsent changes leave the
   * stored queue, which that window of this browser may share, so they cannot be sent later as if made there; the
   * rest of the stored queue stays. Answers the changes that were not saved, to say so.
   */
  async abandon(): Promise<AnswerChange[]> {
    const unsent = this.state.pending;
    this.abandoned = true;
    await this.writes;
    const stored = await backing.get(this.key).catch(() => undefined);
    if (stored) {
      const mine = new Set(unsent.map((change) => JSON.stringify(change)));
      const pending = stored.pending.filter((change) => !mine.has(JSON.stringify(change)));
      await backing.set(this.key, { ...stored, pending }).catch(() => undefined);
    }
    return [...unsent];
  }

  private persist(): Promise<void> {
    if (this.abandoned) return this.writes;
    const snapshot = structuredClone(this.state);
    this.writes = this.writes.then(() => backing.set(this.key, snapshot).catch(() => undefined));
    return this.writes;
  }
}
