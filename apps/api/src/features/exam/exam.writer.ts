// The exam area's writer (issue 29): the one module that creates and changes online tests (with the batches they
// are set for), their sections, reading passages and questions, and reads what their rules need, for the admin API,
// the demo seed and the test factories, in the caller's transaction. Attempts are the students' (the panel's).
import { kindOfFileName } from '@campus/domain/media/media-rules';
import { and, count, eq, sql } from 'drizzle-orm';
import { anyOf, chunks, countsBy, keysHeld } from '../../db/bulk.ts';
import type { Db } from '../../db/client.ts';
import type { StoredFileRef } from '../../lib/storage.ts';
import { instituteRows } from '../../db/institute-rows.ts';
import {
  examAttempts,
  examPassages,
  examQuestions,
  examSections,
  examTestBatches,
  examTests,
} from '../../db/schema/exam.ts';

/** A test as written; `batchIds`, when given, are the batches it is set for (replacing the ones it has). */
export type TestValues = Omit<typeof examTests.$inferInsert, 'instituteId' | 'id'> & { batchIds?: number[] };

/** A test as stored, with its batches in id order. */
export type StoredTest = typeof examTests.$inferSelect & { batchIds: number[] };

const testRows = instituteRows(examTests);

/** The batches each of these tests is set for, in id order. */
async function findTestBatches(db: Db, instituteId: number, ids: readonly number[]) {
  const found = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select({ id: examTestBatches.testId, batchId: examTestBatches.batchId })
      .from(examTestBatches)
      .where(and(eq(examTestBatches.instituteId, instituteId), anyOf(examTestBatches.testId, part)));
    for (const row of rows) found.get(row.id)?.push(row.batchId);
  }
  for (const list of found.values()) list.sort((a, b) => a - b);
  return found;
}

/** Sets the batches a test is set for to exactly `batchIds`. */
async function setTestBatches(db: Db, instituteId: number, testId: number, batchIds: readonly number[]) {
  await db
    .delete(examTestBatches)
    .where(and(eq(examTestBatches.instituteId, instituteId), eq(examTestBatches.testId, testId)));
  if (batchIds.length === 0) return;
  await db.insert(examTestBatches).values([...new Set(batchIds)].map((batchId) => ({ instituteId, testId, batchId })));
}

/** Tests by id, each with its batches. */
export async function findTests(db: Db, instituteId: number, ids: readonly number[]): Promise<Map<number, StoredTest>> {
  const found = new Map<number, StoredTest>();
  for (const [id, row] of await testRows.find(db, instituteId, ids)) found.set(id, { ...row, batchIds: [] });
  for (const [id, batchIds] of await findTestBatches(db, instituteId, [...found.keys()])) {
    found.get(id)!.batchIds = batchIds;
  }
  return found;
}

/** Creates tests set for their batches; answers their ids in the order given. */
export async function createTests(db: Db, instituteId: number, values: readonly TestValues[]): Promise<number[]> {
  const ids = await testRows.create(
    db,
    instituteId,
    values.map(({ batchIds: _batchIds, ...columns }) => columns),
  );
  for (const [position, value] of values.entries()) {
    if (value.batchIds?.length) await setTestBatches(db, instituteId, ids[position]!, value.batchIds);
  }
  return ids;
}

/**
 * Changes a test's given columns; its batches only when given and different from what it has (`storedBatchIds`, when
 * the caller has read them already, spares reading them again).
 */
export async function updateTest(
  db: Db,
  instituteId: number,
  id: number,
  { batchIds, ...columns }: Partial<TestValues>,
  storedBatchIds?: readonly number[],
): Promise<void> {
  if (Object.keys(columns).length > 0) await testRows.update(db, instituteId, id, columns);
  if (batchIds === undefined) return;
  const wanted = [...new Set(batchIds)].sort((a, b) => a - b);
  const stored = storedBatchIds ?? (await findTestBatches(db, instituteId, [id])).get(id) ?? [];
  if (JSON.stringify(stored) !== JSON.stringify(wanted)) await setTestBatches(db, instituteId, id, wanted);
}

/** The tests of `ids` students have attempted, with how many attempts: their results are history and stay. */
export function findAttemptedTests(db: Db, instituteId: number, ids: readonly number[]): Promise<Map<number, number>> {
  return countsBy(db, { by: examAttempts.testId, instituteId: examAttempts.instituteId }, instituteId, ids);
}

/** Deletes tests for good (see findAttemptedTests). */
export const deleteTests = testRows.remove;

/** A test's sections, in their order. */
export const sectionRows = instituteRows(examSections);

/** Sections of tests by `${testId}|${name}`, creating the ones named that a test lacks. */
export async function findOrCreateSections(
  db: Db,
  instituteId: number,
  wanted: readonly { testId: number; name: string; subjectId: number | null }[],
): Promise<Map<string, number>> {
  const testIds = [...new Set(wanted.map((item) => item.testId))];
  const found = new Map<string, number>();
  for (const part of chunks(testIds, 5000)) {
    const rows = await db
      .select({ id: examSections.id, testId: examSections.testId, name: examSections.name })
      .from(examSections)
      .where(and(eq(examSections.instituteId, instituteId), anyOf(examSections.testId, part)));
    for (const row of rows) if (!found.has(`${row.testId}|${row.name}`)) found.set(`${row.testId}|${row.name}`, row.id);
  }
  for (const item of wanted) {
    const key = `${item.testId}|${item.name}`;
    if (found.has(key)) continue;
    // Another import may add the same section meanwhile: the (institute, test, name) key makes this an upsert that
    // answers the one row either way (the no-op update is what makes RETURNING answer an existing row).
    const [section] = await db
      .insert(examSections)
      .values({ instituteId, testId: item.testId, name: item.name, subjectId: item.subjectId })
      .onConflictDoUpdate({
        target: [examSections.instituteId, examSections.testId, examSections.name],
        set: { name: sql`excluded.name` },
      })
      .returning({ id: examSections.id });
    found.set(key, section!.id);
  }
  return found;
}

/** Reading passages: a test's text that questions may sit on. */
export const passageRows = instituteRows(examPassages);

/** The test of each of these passages. */
export async function findPassageTests(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const tests = new Map<number, number>();
  for (const [id, passage] of await passageRows.find(db, instituteId, ids)) tests.set(id, passage.testId);
  return tests;
}

/** How many questions sit on each of these passages, with the tests they are in. */
export async function findQuestionsOnPassages(db: Db, instituteId: number, ids: readonly number[]) {
  const found = new Map<number, { total: number; testIds: number[] }>();
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select({ id: examQuestions.passageId, testId: examQuestions.testId, total: count() })
      .from(examQuestions)
      .where(and(eq(examQuestions.instituteId, instituteId), anyOf(examQuestions.passageId, part)))
      .groupBy(examQuestions.passageId, examQuestions.testId);
    for (const row of rows) {
      const entry = found.get(row.id!) ?? { total: 0, testIds: [] };
      entry.total += row.total;
      entry.testIds.push(row.testId);
      found.set(row.id!, entry);
    }
  }
  return found;
}

/** A test's questions. */
export const questionRows = instituteRows(examQuestions);

/** The questions of `ids` whose test students have attempted, with how many attempts: their scores would change. */
export async function findAttemptedQuestions(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select({ id: examQuestions.id, total: count() })
      .from(examQuestions)
      .innerJoin(
        examAttempts,
        and(eq(examAttempts.instituteId, examQuestions.instituteId), eq(examAttempts.testId, examQuestions.testId)),
      )
      .where(and(eq(examQuestions.instituteId, instituteId), anyOf(examQuestions.id, part)))
      .groupBy(examQuestions.id);
    for (const row of rows) found.set(row.id, row.total);
  }
  return found;
}

/** Points questions whose picture or video is the stored object `from` at `to`; answers how many moved. */
export async function moveStoredFile(db: Db, instituteId: number, from: string, to: StoredFileRef): Promise<number> {
  const moved = await db
    .update(examQuestions)
    .set({ mediaFileKey: to.fileKey, mediaType: kindOfFileName(to.fileName) })
    .where(and(eq(examQuestions.instituteId, instituteId), eq(examQuestions.mediaFileKey, from)))
    .returning({ id: examQuestions.id });
  return moved.length;
}

/** Which of `keys` a question shows, in words. */
export async function findStoredFileUses(
  db: Db,
  instituteId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const held = await keysHeld(
    db,
    { key: examQuestions.mediaFileKey, instituteId: examQuestions.instituteId },
    instituteId,
    keys,
  );
  return new Map(held.map((key) => [key, 'a question']));
}
