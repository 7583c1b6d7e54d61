import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { academicYears } from '../src/db/schema/academics.ts';
import { assignmentAttachments } from '../src/db/schema/assignments.ts';
import { createSeededDatabase, createTestStorage, fixedNow } from './helpers.ts';
import { templatePart } from './template.ts';

describe('the seeded database of a test file', () => {
  const opened: Database[] = [];
  const seeded = async (...args: Parameters<typeof createSeededDatabase>) => {
    const database = await createSeededDatabase(...args);
    opened.push(database);
    return database;
  };
  afterAll(() => Promise.all(opened.map((database) => database.close())));

  it("holds the demo, copied from the run's template, with every seeded file in its own storage", async () => {
    const template = inject('apiTemplate');
    expect(template.seededAt).toBe(fixedNow.toISOString());
    const storage = createTestStorage();
    expect(storage.root).not.toBe(template.storageRoot);
    const { db } = await seeded(fixedNow, storage);
    const files = await db
      .select({ key: assignmentAttachments.fileKey })
      .from(assignmentAttachments)
      .where(isNotNull(assignmentAttachments.fileKey));
    expect(files.length).toBeGreaterThan(0);
    for (const { key } of files) await expect(storage.open(key!)).resolves.toMatchObject({ size: expect.any(Number) });
  });

  it('is a copy of its own: rows one test writes are not in another copy', async () => {
    const [first] = opened;
    const second = await seeded();
    const before = await second.db.$count(academicYears);
    const [year] = await first!.db.select({ instituteId: academicYears.instituteId }).from(academicYears).limit(1);
    await first!.db
      .insert(academicYears)
      .values({ instituteId: year!.instituteId, name: '2099-00', startDate: '2099-04-01', endDate: '2100-03-31' });
    expect(await first!.db.$count(academicYears)).toBe(before + 1);
    expect(await second.db.$count(academicYears)).toBe(before);
  });

  it('is seeded at another clock when a test asks for one', async () => {
    const { db } = await seeded(new Date('2031-06-15T06:30:00Z'));
    const years = await db.select({ name: academicYears.name }).from(academicYears);
    expect(years.map((year) => year.name)).toContain('2031-32');
  }, 180_000);
});

describe("the run's template, built while the first files run", () => {
  it("gives a file that waits for a part the set-up's own error when the build failed", async () => {
    const readyDir = mkdtempSync(join(tmpdir(), 'portal-template-probe-'));
    const waiting = templatePart({ seededAt: fixedNow.toISOString(), storageRoot: readyDir, readyDir }, 'seeded');
    writeFileSync(join(readyDir, 'failed'), 'seedDemo: relation "standards" does not exist');
    await expect(waiting).rejects.toThrow('relation "standards" does not exist');
  });

  it('has announced both parts once a file holds its copy of the demo', () => {
    const { readyDir } = inject('apiTemplate');
    expect([existsSync(join(readyDir, 'migrated.ready')), existsSync(join(readyDir, 'seeded.ready'))]).toEqual([
      true,
      true,
    ]);
  });
});
