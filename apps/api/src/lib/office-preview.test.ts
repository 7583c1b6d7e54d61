import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMigratedDatabase, createTestStorage, fixedNow, onPostgres } from '../../test/helpers.ts';
import { linkedPictureOdt, zipBombDocx } from '../../test/office-documents.ts';
import type { Database } from '../db/client.ts';
import { officePreviews } from '../db/schema/media.ts';
import { tinyDocx, tinyPng, tinyPptx, tinyXlsx, zip } from '../db/seed/media-files.ts';
import {
  ConversionLimitError,
  defaultSandboxLimits,
  findSandboxTools,
  jobsRoot,
  sandboxedConverter,
  type SandboxTools,
} from './document-sandbox.ts';
import { isOfficeContainer, officePreviewer, retryDelayMs, type OfficeConverter } from './office-preview.ts';

const found = findSandboxTools();
const canRun = Boolean(found.soffice && found.bwrap) || process.env.CI === 'true';

/** An OLE compound file's signature, as the old Word, Excel and PowerPoint formats start. */
const compoundFile = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4088)]);

let database: Database;
const storage = createTestStorage();

beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(() => database.close());

const rowOf = async (key: string) =>
  (await database.db.select().from(officePreviews).where(eq(officePreviews.sourceFileKey, key)))[0];

/** A converter that answers a PDF and remembers which files it was given. */
function recordingConverter() {
  const given: string[] = [];
  const converter: OfficeConverter = async (input) => {
    given.push(input);
    return Buffer.from('%PDF-1.4 stand-in');
  };
  return { converter, given };
}

describe('retryDelayMs', () => {
  it.each([
    [1, 60_000],
    [2, 240_000],
    [3, 960_000],
    [4, 3_840_000],
    [5, 15_360_000],
    [6, 61_440_000],
    [7, 86_400_000],
    [30, 86_400_000],
  ])('after %i stops waits %i ms', (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });
});

describe('officePreviewer', () => {
  it.each([
    ['an OpenDocument text renamed .docx', linkedPictureOdt('file:///etc/hostname'), 'docx'],
    ['a plain zip named .docx', zip({ 'word/document.xml': '<w:document/>' }), 'docx'],
    ['a Word document named .xlsx', tinyDocx('Marks', ['1']), 'xlsx'],
    ['a workbook named .pptx', tinyXlsx([[1]]), 'pptx'],
    ['a zip named .doc', tinyDocx('Marks', ['1']), 'doc'],
    ['a compound file named .docx', compoundFile, 'docx'],
    ['a picture named .ppt', tinyPng(4, 4, [1, 2, 3]), 'ppt'],
  ])('refuses %s for good, without converting it', async (_name, bytes, extension) => {
    const { converter, given } = recordingConverter();
    const previewOf = officePreviewer(database.db, storage, converter, { atOnce: 1, now: () => fixedNow });
    const { key } = await storage.putBuffer(bytes, extension);
    expect(await previewOf(key)).toBeUndefined();
    expect(given).toEqual([]);
    expect(await rowOf(key)).toMatchObject({ failed: true, previewFileKey: null });
  });

  it.each([
    ['docx', tinyDocx('Worksheet', ['One'])],
    ['xlsx', tinyXlsx([['Marks', 1]])],
    ['pptx', tinyPptx('Slides')],
    ['doc', compoundFile],
  ])('converts a .%s that holds its container', async (extension, bytes) => {
    const { converter, given } = recordingConverter();
    const previewOf = officePreviewer(database.db, storage, converter, { atOnce: 1, now: () => fixedNow });
    const { key } = await storage.putBuffer(bytes, extension);
    expect(await previewOf(key)).toMatch(/\.pdf$/);
    expect(given).toHaveLength(1);
  });

  it('tries a conversion stopped by a limit again after its pause, and remembers a refusal for good', async () => {
    let now = fixedNow;
    let outcome: 'limit' | 'pdf' | 'unreadable' = 'limit';
    let calls = 0;
    const converter: OfficeConverter = async () => {
      calls += 1;
      if (outcome === 'limit') throw new ConversionLimitError('conversion took longer than 60 s');
      if (outcome === 'unreadable') throw new Error('LibreOffice wrote no PDF');
      return Buffer.from('%PDF-1.4 stand-in');
    };
    const previewOf = officePreviewer(database.db, storage, converter, { atOnce: 1, now: () => now });
    const { key } = await storage.putBuffer(tinyDocx('Long', ['text']), 'docx');

    expect(await previewOf(key)).toBeUndefined();
    expect(await rowOf(key)).toMatchObject({
      failed: false,
      attempts: 1,
      retryAt: new Date(fixedNow.getTime() + 60_000),
    });
    // Within the pause nothing runs; after it, one more try, which is stopped again and waits four times longer.
    now = new Date(fixedNow.getTime() + 59_000);
    expect(await previewOf(key)).toBeUndefined();
    expect(calls).toBe(1);
    now = new Date(fixedNow.getTime() + 60_000);
    expect(await previewOf(key)).toBeUndefined();
    expect(calls).toBe(2);
    expect(await rowOf(key)).toMatchObject({ attempts: 2, retryAt: new Date(now.getTime() + 240_000) });
    now = new Date(now.getTime() + 240_000);
    outcome = 'pdf';
    const previewKey = await previewOf(key);
    expect(previewKey).toMatch(/\.pdf$/);
    expect(await rowOf(key)).toMatchObject({ failed: false, previewFileKey: previewKey, retryAt: null });

    const { key: unreadable } = await storage.putBuffer(tinyDocx('Damaged', ['text']), 'docx');
    outcome = 'unreadable';
    expect(await previewOf(unreadable)).toBeUndefined();
    now = new Date(now.getTime() + 365 * 86_400_000);
    expect(await previewOf(unreadable)).toBeUndefined();
    expect(calls).toBe(4);
    expect(await rowOf(unreadable)).toMatchObject({ failed: true, attempts: 0 });
  });

  it('runs conversions a few at once: each waits only for a free place', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const converter: OfficeConverter = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return Buffer.from('%PDF-1.4 stand-in');
    };
    const previewOf = officePreviewer(database.db, storage, converter, { atOnce: 3, now: () => fixedNow });
    const keys = await Promise.all(
      Array.from({ length: 7 }, (_, index) => storage.putBuffer(tinyDocx(`Sheet ${index}`, ['x']), 'docx')),
    );
    const answers = keys.map(({ key }) => previewOf(key));
    // The same file asked twice at once is converted once.
    const twice = previewOf(keys[0]!.key);
    await vi.waitFor(() => expect(releases).toHaveLength(3));
    expect(running).toBe(3);
    // Each conversion that ends lets exactly one waiting request start.
    for (let released = 0; released < 7; released += 1) {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
      releases.shift()!();
    }
    const previews = await Promise.all(answers);
    expect(previews.every((preview) => preview?.endsWith('.pdf'))).toBe(true);
    expect(await twice).toBe(previews[0]);
    expect(most).toBe(3);
  });
});

// LibreOffice's limits, once per run: on the PostgreSQL pass the previewer's rows are checked by the stand-in
// converter above, and the sandbox (a minute of LibreOffice) would check the same conversions again.
describe.skipIf(!canRun || onPostgres)('officePreviewer in the document sandbox', () => {
  const tools = found as SandboxTools;
  const ours = () => readdirSync(jobsRoot).filter((name) => name.startsWith(`${process.pid}-`));

  it('finishes nine conversions while a slow one holds its place, and tries the slow one again later', async () => {
    // The slow one is a stand-in that holds its place until the nine real conversions are done, then ends as a
    // time limit ends a conversion; the real limits are the zip bomb's test below. Nothing here races the clock.
    const held = tinyDocx('Held', ['a document that never finishes']);
    const real = sandboxedConverter(tools, defaultSandboxLimits);
    let heldStarted = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const converter: OfficeConverter = async (input, folder) => {
      if (!(await readFile(input)).equals(held)) return real(input, folder);
      heldStarted = true;
      await released;
      throw new ConversionLimitError('conversion took longer than 60 s');
    };
    const previewOf = officePreviewer(database.db, storage, converter, { atOnce: 4, now: () => fixedNow });
    const slow = await storage.putBuffer(held, 'docx');
    const slowPreview = previewOf(slow.key);
    await vi.waitFor(() => expect(heldStarted).toBe(true));
    const small = await Promise.all(
      Array.from({ length: 9 }, (_, index) => storage.putBuffer(tinyDocx(`Worksheet ${index}`, ['One']), 'docx')),
    );
    // All nine in the three other places while the slow one holds its own (one at a time would never end).
    const smallPreviews = await Promise.all(small.map(({ key }) => previewOf(key)));
    expect(smallPreviews.every((preview) => preview?.endsWith('.pdf'))).toBe(true);
    release();
    expect(await slowPreview).toBeUndefined();
    expect(await rowOf(slow.key)).toMatchObject({ failed: false, attempts: 1 });
    expect(ours()).toEqual([]);
  }, 120_000);

  it('ends a zip bomb within its limits and leaves nothing in the job folders', async () => {
    const previewOf = officePreviewer(
      database.db,
      storage,
      sandboxedConverter(tools, { seconds: 30, memoryMb: 1024, fileMb: 128 }),
      { atOnce: 1, now: () => fixedNow },
    );
    const bomb = await storage.putBuffer(zipBombDocx(300), 'docx');
    expect(await previewOf(bomb.key)).toBeUndefined();
    expect(ours()).toEqual([]);
  }, 120_000);
});

describe('isOfficeContainer', () => {
  it('knows only the six office extensions', async () => {
    const { key } = await storage.putBuffer(tinyDocx('a', ['b']), 'odt');
    expect(await isOfficeContainer('odt', `${storage.root}/${key}`)).toBe(false);
  });
});
