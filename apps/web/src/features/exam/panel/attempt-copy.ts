import type { AnswerChange, AttemptAnswer, SavedAnswer } from '@campus/domain/exam/exam.contract';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The panel's copy of its attempt, so a reload without a connection still opens the test (issue 27 item 5): the
 * paper and the answers the server has acknowledged, in IndexedDB, and the server clock's offset as last seen, for
 * the time left. This window finds its copy by a pointer in sessionStorage, beside its attempt credential; the
 * answers not yet acknowledged stay in the answer queue (answer-queue.ts). Forgotten once the attempt is over.
 */
export interface AttemptCopy {
  attempt: AttemptAnswer;
  /** The server's clock minus this device's, in ms, when the copy was taken. */
  clockOffset: number;
}

/** This window's pointer to its copy (the copy's key: test and attempt number). */
const pointerKey = 'exam-attempt-copy';

interface KeyValue {
  get(key: string): Promise<AttemptCopy | undefined>;
  set(key: string, value: AttemptCopy): Promise<void>;
  del(key: string): Promise<void>;
}

function indexedDbStore(): KeyValue {
  // A database of its own: idb-keyval creates one store per database, and 'campus-exam' holds the answer queue.
  let store: UseStore | undefined;
  const open = () => (store ??= createStore('campus-exam-paper', 'attempts'));
  return {
    get: (key) => get<AttemptCopy>(key, open()),
    set: (key, value) => set(key, value, open()),
    del: (key) => del(key, open()),
  };
}

function memoryStore(): KeyValue {
  const map = new Map<string, AttemptCopy>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
  };
}

const backing: KeyValue = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore();

/** Writes one after another, so a later fold never lands under an earlier full copy. */
let writes: Promise<unknown> = Promise.resolve();
const queued = <T>(work: () => Promise<T>): Promise<T | undefined> => {
  const next = writes.then(work).catch(() => undefined);
  writes = next;
  return next;
};

const pointer = () => sessionStorage.getItem(pointerKey);

/** Keeps the attempt as the server just answered it, with the clock offset it gave. */
export function keepAttemptCopy(attempt: AttemptAnswer, clockOffset: number): Promise<unknown> {
  const key = `${attempt.test_id}:${attempt.attempt_no}`;
  sessionStorage.setItem(pointerKey, key);
  return queued(() => backing.set(key, { attempt, clockOffset }));
}

/** This window's copy, if it has one. */
export async function readAttemptCopy(): Promise<AttemptCopy | undefined> {
  const key = pointer();
  if (!key) return undefined;
  await writes;
  return backing.get(key).catch(() => undefined);
}

/** Applies a change to the saved answers as the server does (each field the change sets; the higher seq). */
function fold(answers: readonly SavedAnswer[], change: AnswerChange): SavedAnswer[] {
  const before = answers.find((answer) => answer.question_no === change.question_no);
  const after: SavedAnswer = {
    question_no: change.question_no,
    answer: change.answer ?? before?.answer ?? '',
    seq: Math.max(change.seq, before?.seq ?? 0),
    marked_for_review: change.marked_for_review ?? before?.marked_for_review ?? false,
    bookmarked: change.bookmarked ?? before?.bookmarked ?? false,
  };
  return [...answers.filter((answer) => answer.question_no !== change.question_no), after];
}

/** Records changes the server acknowledged, and its clock as that answer gave it. */
export function foldSavedIntoCopy(saved: readonly AnswerChange[], clockOffset: number): Promise<unknown> {
  const key = pointer();
  if (!key) return Promise.resolve();
  return queued(async () => {
    const copy = await backing.get(key);
    if (!copy) return;
    const answers = [...saved].sort((a, b) => a.seq - b.seq).reduce(fold, copy.attempt.answers);
    await backing.set(key, { attempt: { ...copy.attempt, answers }, clockOffset });
  });
}

/** Forgets this window's copy (the attempt is submitted, or continues in another window). */
export function forgetAttemptCopy(): Promise<unknown> {
  const key = pointer();
  sessionStorage.removeItem(pointerKey);
  return key ? queued(() => backing.del(key)) : Promise.resolve();
}
