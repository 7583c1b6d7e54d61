// What every file store promises (lib/storage.ts `Storage`), as tests any store runs: call `storageContract` inside
// a describe with a function that opens an empty store. storage.contract.test.ts runs it on local disk and on a
// bucket of a real S3-compatible server.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { isStorageKey, type SweptStorage } from '../src/lib/storage.ts';

export interface ContractStore {
  storage: SweptStorage;
  /** Names of the temporary objects the store holds (a write's bytes before commit). */
  temporaryNames(): Promise<string[]>;
  /** The committed objects' keys. */
  keys(): Promise<string[]>;
}

const chunkBytes = 64 * 1024;

/** Deterministic bytes, computed chunk by chunk (no object held whole): chunk i repeats sha256(`seed:i`). */
function chunkAt(seed: string, index: number): Buffer {
  const digest = createHash('sha256').update(`${seed}:${index}`).digest();
  return Buffer.alloc(chunkBytes, digest);
}

/** `size` bytes of the sequence above as a stream of 64 KiB chunks, made as they are read. */
export function generatedStream(seed: string, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0, index = 0; offset < size; offset += chunkBytes, index += 1) {
        yield chunkAt(seed, index).subarray(0, Math.min(chunkBytes, size - offset));
      }
    })(),
  );
}

/** The bytes `start`..`end` (inclusive) of that sequence. */
function generatedBytes(seed: string, start: number, end: number): Buffer {
  const parts: Buffer[] = [];
  for (let index = Math.floor(start / chunkBytes); index * chunkBytes <= end; index += 1) {
    const chunk = chunkAt(seed, index);
    const from = Math.max(0, start - index * chunkBytes);
    const to = Math.min(chunkBytes, end + 1 - index * chunkBytes);
    parts.push(chunk.subarray(from, to));
  }
  return Buffer.concat(parts);
}

const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const sha256OfGenerated = (seed: string, size: number) => sha256Of(generatedStream(seed, size));

const enoent = expect.objectContaining({ code: 'ENOENT' });

/** A key of the stores' form that no store holds. */
const absentKey = '2025/00000000-0000-4000-8000-000000000000.pdf';

/** The contract, as tests in the caller's describe; `open` answers a new, empty store for each. */
export function storageContract(open: () => Promise<ContractStore>) {
  it('answers a readiness ping when it can be written', async () => {
    const store = await open();
    await expect(store.storage.ping()).resolves.toBeUndefined();
  });

  it('stages a stream with its size, sha256 and first 4096 bytes, and commits it whole under its key', async () => {
    const store = await open();
    const staged = await store.storage.stage(generatedStream('stage', 10_000));
    expect(staged.size).toBe(10_000);
    expect(staged.sha256).toBe(await sha256OfGenerated('stage', 10_000));
    expect(staged.head).toEqual(generatedBytes('stage', 0, 4095));
    expect(await store.temporaryNames()).toHaveLength(1);

    const key = store.storage.reserveKey('PDF');
    expect(isStorageKey(key)).toBe(true);
    expect(key).toMatch(/\.pdf$/);
    await store.storage.commit(staged, key);
    expect(await store.temporaryNames()).toEqual([]);
    expect(await store.keys()).toEqual([key]);
    const opened = await store.storage.open(key);
    expect(opened.size).toBe(10_000);
    expect(opened.range).toBeUndefined();
    expect(await buffer(opened.stream)).toEqual(generatedBytes('stage', 0, 9_999));
  });

  it('opens the byte range asked for from the size, or the whole object when none is asked', async () => {
    const store = await open();
    const { key } = await store.storage.putStream(generatedStream('ranges', 5_000), 'bin');
    const sizes: number[] = [];
    const middle = await store.storage.open(key, (size) => {
      sizes.push(size);
      return { start: 100, end: 199 };
    });
    expect(sizes).toEqual([5_000]);
    expect(middle.size).toBe(5_000);
    expect(middle.range).toEqual({ start: 100, end: 199 });
    expect(await buffer(middle.stream)).toEqual(generatedBytes('ranges', 100, 199));

    const last = await store.storage.open(key, (size) => ({ start: size - 1, end: size - 1 }));
    expect(await buffer(last.stream)).toEqual(generatedBytes('ranges', 4_999, 4_999));

    const whole = await store.storage.open(key, () => undefined);
    expect(whole.range).toBeUndefined();
    expect((await buffer(whole.stream)).length).toBe(5_000);
  });

  it('stores and opens an empty object', async () => {
    const store = await open();
    const staged = await store.storage.stage(Readable.from([]));
    expect(staged).toMatchObject({ size: 0, sha256: createHash('sha256').digest('hex'), head: Buffer.alloc(0) });
    const key = store.storage.reserveKey('txt');
    await store.storage.commit(staged, key);
    const opened = await store.storage.open(key);
    expect(opened.size).toBe(0);
    expect(await buffer(opened.stream)).toEqual(Buffer.alloc(0));
  });

  it('puts a buffer, a string and a stream under new keys with their extension, leaving nothing temporary', async () => {
    const store = await open();
    const fromBuffer = await store.storage.putBuffer(Buffer.from('%PDF-1.7 bytes'), 'pdf');
    const fromString = await store.storage.putBuffer('plain text', 'txt');
    const fromStream = await store.storage.putStream(generatedStream('put', 70_000), 'png');
    expect(fromBuffer).toEqual({ key: expect.stringMatching(/\.pdf$/), size: 14 });
    expect(fromString).toEqual({ key: expect.stringMatching(/\.txt$/), size: 10 });
    expect(fromStream).toEqual({ key: expect.stringMatching(/\.png$/), size: 70_000 });
    expect((await store.keys()).sort()).toEqual([fromBuffer.key, fromString.key, fromStream.key].sort());
    expect(await store.temporaryNames()).toEqual([]);
    expect((await buffer((await store.storage.open(fromString.key)).stream)).toString()).toBe('plain text');
    expect(await sha256Of((await store.storage.open(fromStream.key)).stream)).toBe(
      await sha256OfGenerated('put', 70_000),
    );
  });

  it('discards a staged object, after which committing it rejects with ENOENT', async () => {
    const store = await open();
    const staged = await store.storage.stage(generatedStream('discard', 1_000));
    await store.storage.discard(staged);
    expect(await store.temporaryNames()).toEqual([]);
    // Discarding twice is no error (uploads discard whatever they did not store, committed or not).
    await store.storage.discard(staged);
    await expect(store.storage.commit(staged, store.storage.reserveKey('pdf'))).rejects.toEqual(enoent);
    expect(await store.keys()).toEqual([]);
  });

  it('rejects with ENOENT for a missing object and for any name that is not a key', async () => {
    const store = await open();
    const { key } = await store.storage.putBuffer('kept', 'txt');
    await expect(store.storage.open(absentKey)).rejects.toEqual(enoent);
    await expect(store.storage.open(absentKey, () => ({ start: 0, end: 0 }))).rejects.toEqual(enoent);
    for (const name of ['../../etc/passwd', `tmp/${key}`, `.tmp/x`, `${key}/../${key}`, '2025/not-a-key.pdf', '']) {
      await expect(store.storage.open(name)).rejects.toEqual(enoent);
      await expect(store.storage.remove(name)).rejects.toEqual(enoent);
    }
    const staged = await store.storage.stage(Readable.from([Buffer.from('x')]));
    await expect(store.storage.commit(staged, 'tmp/elsewhere')).rejects.toEqual(enoent);
    await store.storage.discard(staged);
    // Removing what is not there is no error; removing an object makes it missing.
    await store.storage.remove(absentKey);
    await store.storage.remove(key);
    await expect(store.storage.open(key)).rejects.toEqual(enoent);
    expect(await store.keys()).toEqual([]);
  });

  it('stops a write when the guard throws, with its error, leaving no object, temporary or not', async () => {
    const store = await open();
    const tooLarge = new Error('too large');
    // Past two parts of a multipart upload (5 MiB each) before the guard stops it.
    let total = 0;
    const late = store.storage.stage(generatedStream('guard', 14 * 1024 * 1024), (bytes) => {
      total += bytes;
      if (total > 12 * 1024 * 1024) throw tooLarge;
    });
    await expect(late).rejects.toBe(tooLarge);
    const early = store.storage.stage(generatedStream('guard', 100_000), () => {
      throw tooLarge;
    });
    await expect(early).rejects.toBe(tooLarge);
    expect(await store.temporaryNames()).toEqual([]);
    expect(await store.keys()).toEqual([]);
  });

  it('stops a write when the source fails, with its error, leaving nothing', async () => {
    const store = await open();
    const cut = new Error('connection cut');
    // Past the first 5 MiB part, so a multipart upload has begun when the source fails.
    const failing = Readable.from(
      (function* () {
        for (let index = 0; index < 90; index += 1) yield chunkAt('cut', index);
        throw cut;
      })(),
    );
    await expect(store.storage.stage(failing)).rejects.toBe(cut);
    expect(await store.temporaryNames()).toEqual([]);
    expect(await store.keys()).toEqual([]);
  });

  it('round-trips a 20 MB stream with the right sha256, and reads a range across its parts', async () => {
    const store = await open();
    const size = 20 * 1024 * 1024 + 12_345;
    const staged = await store.storage.stage(generatedStream('large', size));
    const expected = await sha256OfGenerated('large', size);
    expect(staged).toMatchObject({ size, sha256: expected });
    const key = store.storage.reserveKey('mp4');
    await store.storage.commit(staged, key);
    const whole = await store.storage.open(key);
    expect(whole.size).toBe(size);
    expect(await sha256Of(whole.stream)).toBe(expected);
    // Across the boundary between the first two 5 MiB parts.
    const start = 5 * 1024 * 1024 - 1_000;
    const piece = await store.storage.open(key, () => ({ start, end: start + 1_999 }));
    expect(await buffer(piece.stream)).toEqual(generatedBytes('large', start, start + 1_999));
  }, 60_000);

  it('sweeps the temporary objects older than the cutoff and nothing else', async () => {
    const store = await open();
    const started = Date.now();
    const { key } = await store.storage.putBuffer('committed', 'txt');
    const old = await store.storage.stage(generatedStream('old', 1_000));
    // Stores may date objects to the second (S3's Last-Modified): 1.5 s apart, a cutoff between them is certain.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const youngStarted = Date.now();
    const young = await store.storage.stage(generatedStream('young', 1_000));
    const hour = 60 * 60 * 1000;
    const cutoff = youngStarted - 1_050;
    expect(await store.storage.sweepTemporary({ now: new Date(started - 2_000 + hour), olderThanMs: hour })).toBe(0);
    expect(await store.temporaryNames()).toHaveLength(2);
    expect(await store.storage.sweepTemporary({ now: new Date(cutoff + hour), olderThanMs: hour })).toBe(1);
    expect(await store.temporaryNames()).toHaveLength(1);
    await expect(store.storage.commit(old, store.storage.reserveKey('txt'))).rejects.toEqual(enoent);
    const youngKey = store.storage.reserveKey('txt');
    await store.storage.commit(young, youngKey);
    expect(await sha256Of((await store.storage.open(youngKey)).stream)).toBe(await sha256OfGenerated('young', 1_000));
    // Committed objects are never swept, however old.
    expect(await store.storage.sweepTemporary({ now: new Date(Date.now() + 365 * 24 * hour), olderThanMs: 0 })).toBe(0);
    expect((await store.keys()).sort()).toEqual([key, youngKey].sort());
  });
}
