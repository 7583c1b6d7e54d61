// The study library's writer (issue 29): the one module that creates and changes its courses, subjects, topics (a
// tree within a subject) and items, and reads what its rules need (each row's course; the topic tree's depth,
// circles and subjects), for the admin API, the demo seed and the test factories, in the caller's transaction.
import { maxTopicDepth } from '@campus/domain/library/library-rules';
import { kindOfFileName } from '@campus/domain/media/media-rules';
import { and, eq, sql } from 'drizzle-orm';
import { anyOf, chunks, executeRows, keysHeld } from '../../db/bulk.ts';
import type { Db } from '../../db/client.ts';
import type { StoredFileRef } from '../../lib/storage.ts';
import { instituteRows } from '../../db/institute-rows.ts';
import { libraryCourses, libraryFiles, librarySubjects, libraryTopics } from '../../db/schema/library.ts';

/** Courses (free ones of a standard, or an e-course's); deleted with their subjects, topics and items. */
export const libraryCourseRows = instituteRows(libraryCourses);

/** A course's subjects. */
export const librarySubjectRows = instituteRows(librarySubjects);

/** A subject's topics: each row a topic and what it sits under (null: the subject itself). */
export const libraryTopicRows = instituteRows(libraryTopics);

/** An item as written. */
export type LibraryFileValues = Omit<typeof libraryFiles.$inferInsert, 'instituteId' | 'id'>;

/** A topic's items: hosted videos or uploaded files. */
export const libraryFileRows = instituteRows(libraryFiles);

/** The course of each of these subjects (a topic carries its subject's). */
export async function findSubjectCourses(db: Db, instituteId: number, subjectIds: readonly number[]) {
  const courses = new Map<number, number>();
  for (const part of chunks(subjectIds, 5000)) {
    const rows = await db
      .select({ id: librarySubjects.id, courseId: librarySubjects.courseId })
      .from(librarySubjects)
      .where(and(eq(librarySubjects.instituteId, instituteId), anyOf(librarySubjects.id, part)));
    for (const row of rows) courses.set(row.id, row.courseId);
  }
  return courses;
}

/** The course of each of these topics (an item carries its topic's). */
export async function findTopicCourses(db: Db, instituteId: number, topicIds: readonly number[]) {
  const courses = new Map<number, number>();
  for (const part of chunks(topicIds, 5000)) {
    const rows = await db
      .select({ id: libraryTopics.id, courseId: libraryTopics.courseId })
      .from(libraryTopics)
      .where(and(eq(libraryTopics.instituteId, instituteId), anyOf(libraryTopics.id, part)));
    for (const row of rows) courses.set(row.id, row.courseId);
  }
  return courses;
}

/**
 * The topics of `ids` that keep subtopics outside `ids`, with how many: deleting one would take its subtopics with
 * it (and leave their external ids naming nothing).
 */
export async function findTopicsWithSubtopics(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await executeRows<{ parent_id: number; total: number }>(
    db,
    sql`select c.parent_id, count(*)::int as total from library_topics c
      where c.institute_id = ${instituteId} and c.parent_id = any(${sql.param([...ids])}::int[])
        and not c.id = any(${sql.param([...ids])}::int[])
      group by c.parent_id`,
  );
  return new Map(rows.map((row) => [row.parent_id, row.total]));
}

/** The topics of `ids` that are their own ancestors through stored topics. */
export async function findTopicCircles(db: Db, instituteId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await executeRows<{ start_id: number }>(
    db,
    sql`with recursive up(start_id, id, depth) as (
        select t.id, t.parent_id, 1 from library_topics t
        where t.institute_id = ${instituteId} and t.id = any(${sql.param([...ids])}::int[]) and t.parent_id is not null
        union all
        select up.start_id, t.parent_id, up.depth + 1 from up
        join library_topics t on t.institute_id = ${instituteId} and t.id = up.id
        where up.id <> up.start_id and t.parent_id is not null and up.depth < 1000
      )
      select distinct start_id from up where id = start_id`,
  );
  return rows.map((row) => row.start_id);
}

/**
 * Each topic's parent, level (1 at the top) and the levels of subtopics below it, both walked only a level past
 * where topics may nest: enough to tell a topic too deep, and bounded however deep stored chains already are.
 */
export function findTopicDepths(db: Db, instituteId: number, ids: readonly number[]) {
  return executeRows<{ id: number; parentId: number | null; depth: number; below: number }>(
    db,
    sql`with recursive up(start_id, parent_id, depth) as (
        select t.id, t.parent_id, 1 from library_topics t
        where t.institute_id = ${instituteId} and t.id = any(${sql.param([...ids])}::int[])
        union all
        select up.start_id, t.parent_id, up.depth + 1 from up
        join library_topics t on t.institute_id = ${instituteId} and t.id = up.parent_id
        where up.depth <= ${maxTopicDepth}
      ),
      down(start_id, id, below) as (
        select t.id, t.id, 0 from library_topics t
        where t.institute_id = ${instituteId} and t.id = any(${sql.param([...ids])}::int[])
        union all
        select down.start_id, c.id, down.below + 1 from down
        join library_topics c on c.institute_id = ${instituteId} and c.parent_id = down.id
        where down.below < ${maxTopicDepth}
      ),
      depths as (select start_id, max(depth)::int as depth from up group by start_id),
      belows as (select start_id, max(below)::int as below from down group by start_id)
      select t.id, t.parent_id as "parentId", depths.depth, belows.below
      from library_topics t
      join depths on depths.start_id = t.id
      join belows on belows.start_id = t.id
      where t.institute_id = ${instituteId}`,
  );
}

/** Topics (of or under `ids`) whose parent is of another subject: each subtopic with its parent. */
export function findMixedSubjectTopics(db: Db, instituteId: number, ids: readonly number[]) {
  return executeRows<{ id: number; parent_id: number }>(
    db,
    sql`select c.id, c.parent_id from library_topics c
      join library_topics p on p.institute_id = c.institute_id and p.id = c.parent_id
      where c.institute_id = ${instituteId} and c.subject_id <> p.subject_id
        and (c.id = any(${sql.param([...ids])}::int[]) or p.id = any(${sql.param([...ids])}::int[]))`,
  );
}

/** Points study material files and posters that show the stored object `from` at `to`; answers how many moved. */
export async function moveStoredFile(db: Db, instituteId: number, from: string, to: StoredFileRef): Promise<number> {
  const files = await db
    .update(libraryFiles)
    .set({ fileKey: to.fileKey, fileName: to.fileName, sizeBytes: to.sizeBytes, kind: kindOfFileName(to.fileName) })
    .where(and(eq(libraryFiles.instituteId, instituteId), eq(libraryFiles.fileKey, from)))
    .returning({ id: libraryFiles.id });
  const posters = await db
    .update(libraryFiles)
    .set({ posterKeys: sql`array_replace(${libraryFiles.posterKeys}, ${from}, ${to.fileKey})` })
    .where(and(eq(libraryFiles.instituteId, instituteId), sql`${from} = any(${libraryFiles.posterKeys})`))
    .returning({ id: libraryFiles.id });
  return files.length + posters.length;
}

/** Which of `keys` the study library shows (a file, or a poster), in words. */
export async function findStoredFileUses(
  db: Db,
  instituteId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  const files = await keysHeld(
    db,
    { key: libraryFiles.fileKey, instituteId: libraryFiles.instituteId },
    instituteId,
    keys,
  );
  for (const key of files) used.set(key, 'a study material file');
  const posters = await executeRows<{ key: string }>(
    db,
    sql`select distinct unnest(poster_keys) as key from library_files
      where institute_id = ${instituteId} and poster_keys && ${sql.param([...keys])}::text[]`,
  );
  const wanted = new Set(keys);
  for (const row of posters) {
    if (wanted.has(row.key) && !used.has(row.key)) used.set(row.key, 'a study material poster');
  }
  return used;
}
