import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitute, createSubject } from '../../test/factories/institutes.ts';
import { createMigratedDatabase } from '../../test/helpers.ts';
import { insertRows, updateRows } from './bulk.ts';
import type { Database } from './client.ts';
import { adminApiKeys } from './schema/admin.ts';
import { products } from './schema/products.ts';
import { classSessions } from './schema/timetable.ts';

// One statement for many rows (unnest of one array parameter per column), on this run's driver.
describe('statements over many rows', () => {
  let database: Database;
  let school: Awaited<ReturnType<typeof createInstitute>>;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    school = await createInstitute(database.db);
  });
  afterAll(() => database?.close());

  it('inserts rows that give different columns: a column a row leaves out takes its default', async () => {
    const subjectId = await createSubject(database.db, school);
    const startsAt = new Date('2026-11-25T03:30:00Z');
    const base = { instituteId: school.id, batchId: school.currentYear.batchId, durationMinutes: 45 };
    const rows = [
      { ...base, subjectId, classType: 'Class', startsAt, teacherIds: [3, 1, 2] },
      { ...base, classType: 'Offline Exam', name: 'Unit test', startsAt: new Date(startsAt.getTime() + 3_600_000) },
      { ...base, subjectId, classType: 'Online Class', startsAt, teacherIds: [], meetingWith: 'Zoom' },
    ];
    const ids = await insertRows(database.db, classSessions, rows, { returningId: true });
    expect(ids).toHaveLength(3);
    const stored = await database.db
      .select()
      .from(classSessions)
      .where(inArray(classSessions.id, ids))
      .orderBy(classSessions.id);
    // The ids answer the rows in the order given.
    expect(stored.map((row) => row.id)).toEqual(ids);
    expect(
      stored.map(({ classType, name, subjectId, teacherIds, meetingWith, startsAt }) => ({
        classType,
        name,
        subjectId,
        teacherIds,
        meetingWith,
        startsAt,
      })),
    ).toEqual([
      { classType: 'Class', name: '', subjectId, teacherIds: [3, 1, 2], meetingWith: null, startsAt },
      {
        classType: 'Offline Exam',
        name: 'Unit test',
        subjectId: null,
        teacherIds: [],
        meetingWith: null,
        startsAt: new Date(startsAt.getTime() + 3_600_000),
      },
      { classType: 'Online Class', name: '', subjectId, teacherIds: [], meetingWith: 'Zoom', startsAt },
    ]);
  });

  it('writes arrays of text whatever they hold, and changes them row by row', async () => {
    const awkward = ['a,b', 'say "hi"', 'back\\slash', '{braces}', 'NULL', '', 'नमस्ते'];
    const [first, second] = await insertRows(
      database.db,
      products,
      [
        { instituteId: school.id, title: 'First', sampleVideoUrls: awkward },
        { instituteId: school.id, title: 'Second' },
      ],
      { returningId: true },
    );
    const urlsOf = async () =>
      (
        await database.db
          .select({ id: products.id, urls: products.sampleVideoUrls })
          .from(products)
          .where(eq(products.instituteId, school.id))
          .orderBy(products.id)
      ).map((row) => row.urls);
    expect(await urlsOf()).toEqual([awkward, []]);
    await updateRows(
      database.db,
      products,
      ['instituteId', 'id'],
      [
        { instituteId: school.id, id: first, sampleVideoUrls: ['x'] },
        { instituteId: school.id, id: second, sampleVideoUrls: [...awkward].reverse() },
      ],
    );
    expect(await urlsOf()).toEqual([['x'], [...awkward].reverse()]);
  });

  it('refuses rows that leave out a column whose default the database computes, writing nothing', async () => {
    const rows = [
      { instituteId: school.id, name: 'given', keyHash: 'a', createdAt: new Date('2026-11-01T00:00:00Z') },
      { instituteId: school.id, name: 'left out', keyHash: 'b' },
    ];
    await expect(insertRows(database.db, adminApiKeys, rows)).rejects.toThrow(
      'admin_api_keys: give createdAt in every row or in none',
    );
    expect(await database.db.select().from(adminApiKeys).where(eq(adminApiKeys.instituteId, school.id))).toEqual([]);
  });
});
