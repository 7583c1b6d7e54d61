// Live-class recordings (hosted videos of a class session, or video files uploaded through /files) and the study
// library: free courses of a standard, their subjects, topics (nested: a topic may sit under another topic of its
// subject) and items (hosted videos or uploaded files).
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { maxTopicDepth, topicDepthProblems } from '@campus/domain/library/library-rules';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { libraryCourses, libraryFiles, librarySubjects, libraryTopics } from '../../../db/schema/index.ts';
import { anyOf } from '../admin.repository.ts';
import {
  createRecordings,
  deleteRecordings,
  findRecordings,
  updateRecording,
  type RecordingValues,
} from '../../timetable/index.ts';
import { materialColumns, resolveFiles } from './files.ts';
import {
  chunks,
  defineKind,
  resolveReferences,
  RowProblems,
  sqlRows,
  toInstant,
  type IndexedRow,
  type KindContext,
  type RowOutcome,
} from './kind.ts';
import { storeKind, tableKind } from './table-kind.ts';

/** A recording as a batch's row gives it: shown as uploaded when first loaded. */
type RecordingRow = Omit<RecordingValues, 'uploadedAt'> & { uploadedAt?: Date };

export const recordingsKind = storeKind<'recordings', RecordingRow>({
  kind: 'recordings',
  deletes: 'hard',
  store: {
    load: async ({ tx, instituteId }, ids) =>
      (await findRecordings(tx, instituteId, ids)) as Map<number, Record<string, unknown>>,
    // Shown as uploaded when first loaded; a rerun leaves that time alone.
    insert: ({ tx, instituteId, now }, values) =>
      createRecordings(
        tx,
        instituteId,
        values.map((value) => ({ uploadedAt: now, ...value })),
      ),
    update: ({ tx, instituteId }, id, value) => updateRecording(tx, instituteId, id, value),
    remove: ({ tx, instituteId }, ids) => deleteRecordings(tx, instituteId, ids),
  },
  build: async (context, rows, problems) => {
    const { class_session_external_id: sessionIds } = await resolveReferences(context, rows, problems, {
      class_session_external_id: 'class-sessions',
    });
    const files = await resolveFiles(context, rows, problems, { file_external_id: 'video' });
    return (row) => ({
      sessionId: sessionIds.get(row.class_session_external_id)!,
      host: row.host,
      providerVideoId: row.provider_video_id ?? null,
      // host aws: the uploaded video on the portal's storage.
      fileKey: row.file_external_id ? (files.get(row.file_external_id)?.fileKey ?? null) : null,
      sizeBytes: row.file_external_id ? (files.get(row.file_external_id)?.sizeBytes ?? 0) : 0,
      name: row.name,
      durationSeconds: row.duration_seconds ?? 0,
      recordedAt: toInstant(row.recorded_at, context.timeZone),
    });
  },
});

export const libraryCoursesKind = tableKind({
  kind: 'library-courses',
  table: libraryCourses,
  // Deleted for good with its subjects, topics and videos.
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { standard_external_id: standardIds } = await resolveReferences(context, rows, problems, {
      standard_external_id: 'standards',
    });
    return (row) => ({
      columns: {
        name: row.name,
        isPaid: false,
        courseTypeId: 1,
        standardId: standardIds.get(row.standard_external_id),
      },
    });
  },
});

export const librarySubjectsKind = tableKind({
  kind: 'library-subjects',
  table: librarySubjects,
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { course_external_id: courseIds } = await resolveReferences(context, rows, problems, {
      course_external_id: 'library-courses',
    });
    return (row) => ({
      columns: { courseId: courseIds.get(row.course_external_id), name: row.name, sortOrder: row.sort_order ?? 0 },
    });
  },
});

/** The course of library subjects or topics, by id. */
async function coursesOf(
  context: KindContext,
  table: PgTable & { instituteId: PgColumn; id: PgColumn; courseId: PgColumn },
  ids: number[],
) {
  const courses = new Map<number, number>();
  for (const part of chunks(ids, 5000)) {
    const rows = (await context.tx
      .select({ id: table.id, courseId: table.courseId })
      .from(table as PgTable)
      .where(and(eq(table.instituteId, context.instituteId), anyOf(table.id, part)))) as {
      id: number;
      courseId: number;
    }[];
    for (const row of rows) courses.set(row.id, row.courseId);
  }
  return courses;
}

/** Topics as stored (and as written so far in this batch), each row a topic and what it sits under. */
const topicsTable = tableKind({
  kind: 'library-topics',
  table: libraryTopics,
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { subject_external_id: subjectIds, parent_topic_external_id: parentIds } = await resolveReferences(
      context,
      rows,
      problems,
      { subject_external_id: 'library-subjects', parent_topic_external_id: 'library-topics' },
    );
    const courses = await coursesOf(context, librarySubjects, [...subjectIds.values()]);
    return (row) => {
      const subjectId = subjectIds.get(row.subject_external_id);
      return {
        columns: {
          subjectId,
          courseId: subjectId === undefined ? undefined : courses.get(subjectId),
          parentId: row.parent_topic_external_id ? parentIds.get(row.parent_topic_external_id) : null,
          name: row.name,
          sortOrder: row.sort_order ?? 0,
        },
      };
    };
  },
  // Deleting a topic would take its subtopics with it (and leave their external ids naming nothing).
  async keep(context, ids) {
    const kept = new Map<number, string>();
    const rows = await sqlRows<{ parent_id: number; total: number }>(
      context,
      sql`select c.parent_id, count(*)::int as total from library_topics c
        where c.institute_id = ${context.instituteId} and c.parent_id = any(${sql.param(ids)}::int[])
          and not c.id = any(${sql.param(ids)}::int[])
        group by c.parent_id`,
    );
    for (const row of rows) {
      kept.set(row.parent_id, `has ${row.total} subtopics; delete or move them first (or in the same batch)`);
    }
    return kept;
  },
});

/**
 * The batch's topics in the order their parents need: first those whose parent is stored (or none), then those
 * under them, and so on, so a subtopic may name a parent created in the same batch. Rows whose parents go round
 * in a circle never come up: those are problems. At most one level more than topics nest: a row on that level sits
 * too deep whatever is stored above it, which the tree check then reports, and the rows below it are not written
 * (a long chain in one batch costs as many levels as topics may nest, not its length).
 */
function topicLevels<R extends { parent_topic_external_id?: string }>(rows: IndexedRow<R>[]): IndexedRow<R>[][] {
  const byKey = new Map(rows.map((item) => [item.key, item]));
  const placed = new Set<string>();
  const levels: IndexedRow<R>[][] = [];
  let left = rows;
  while (left.length > 0 && levels.length <= maxTopicDepth) {
    const ready = left.filter(({ row }) => {
      const parent = row.parent_topic_external_id;
      return !parent || !byKey.has(parent) || placed.has(parent);
    });
    if (ready.length === 0) break;
    levels.push(ready);
    for (const item of ready) placed.add(item.key);
    left = left.filter((item) => !placed.has(item.key));
  }
  if (levels.length > maxTopicDepth) return levels;
  const problems: RowProblem[] = [];
  for (const item of left) {
    // In a circle when following parents through the batch comes back to the row itself.
    const seen = new Set<string>();
    let at: string | undefined = item.key;
    while (at !== undefined && !seen.has(at)) {
      seen.add(at);
      at = byKey.get(at)?.row.parent_topic_external_id;
    }
    if (at === item.key) {
      problems.push({ row: item.index, field: 'parent_topic_external_id', rule: 'makes the topic its own ancestor' });
    }
  }
  if (problems.length > 0) throw new RowProblems(problems);
  return levels;
}

/**
 * Each topic's parent, level (1 at the top) and the levels of subtopics below it, both walked only a level past where topics
 * may nest: enough to tell a topic too deep, and bounded however deep stored chains already are.
 */
function findDepths(context: KindContext, ids: number[]) {
  const institute = context.instituteId;
  return sqlRows<{ id: number; parentId: number | null; depth: number; below: number }>(
    context,
    sql`with recursive up(start_id, parent_id, depth) as (
        select t.id, t.parent_id, 1 from library_topics t
        where t.institute_id = ${institute} and t.id = any(${sql.param(ids)}::int[])
        union all
        select up.start_id, t.parent_id, up.depth + 1 from up
        join library_topics t on t.institute_id = ${institute} and t.id = up.parent_id
        where up.depth <= ${maxTopicDepth}
      ),
      down(start_id, id, below) as (
        select t.id, t.id, 0 from library_topics t
        where t.institute_id = ${institute} and t.id = any(${sql.param(ids)}::int[])
        union all
        select down.start_id, c.id, down.below + 1 from down
        join library_topics c on c.institute_id = ${institute} and c.parent_id = down.id
        where down.below < ${maxTopicDepth}
      ),
      depths as (select start_id, max(depth)::int as depth from up group by start_id),
      belows as (select start_id, max(below)::int as below from down group by start_id)
      select t.id, t.parent_id as "parentId", depths.depth, belows.below
      from library_topics t
      join depths on depths.start_id = t.id
      join belows on belows.start_id = t.id
      where t.institute_id = ${institute}`,
  );
}

/**
 * The tree after the batch's writes (in its transaction): no topic of the batch is its own ancestor through stored
 * topics, none sits (or puts its subtopics) deeper than topics nest, and every parent and subtopic it touches is of
 * the same subject.
 */
async function checkTree(context: KindContext, rowOf: Map<number, number>) {
  const ids = [...rowOf.keys()];
  const problems: RowProblem[] = [];
  if (ids.length === 0) return;
  const circles = await sqlRows<{ start_id: number }>(
    context,
    sql`with recursive up(start_id, id, depth) as (
        select t.id, t.parent_id, 1 from library_topics t
        where t.institute_id = ${context.instituteId} and t.id = any(${sql.param(ids)}::int[]) and t.parent_id is not null
        union all
        select up.start_id, t.parent_id, up.depth + 1 from up
        join library_topics t on t.institute_id = ${context.instituteId} and t.id = up.id
        where up.id <> up.start_id and t.parent_id is not null and up.depth < 1000
      )
      select distinct start_id from up where id = start_id`,
  );
  for (const { start_id: id } of circles) {
    problems.push({ row: rowOf.get(id)!, field: 'parent_topic_external_id', rule: 'makes the topic its own ancestor' });
  }
  const inCircle = new Set(circles.map((circle) => circle.start_id));
  const placed = (await findDepths(context, ids)).filter((topic) => !inCircle.has(topic.id));
  for (const { id, rule } of topicDepthProblems(placed)) {
    problems.push({ row: rowOf.get(id)!, field: 'parent_topic_external_id', rule });
  }
  const mixed = await sqlRows<{ id: number; parent_id: number }>(
    context,
    sql`select c.id, c.parent_id from library_topics c
      join library_topics p on p.institute_id = c.institute_id and p.id = c.parent_id
      where c.institute_id = ${context.instituteId} and c.subject_id <> p.subject_id
        and (c.id = any(${sql.param(ids)}::int[]) or p.id = any(${sql.param(ids)}::int[]))`,
  );
  for (const { id, parent_id: parentId } of mixed) {
    const row = rowOf.get(id);
    if (row !== undefined) {
      problems.push({ row, field: 'parent_topic_external_id', rule: 'names a topic of another subject' });
    } else {
      problems.push({
        row: rowOf.get(parentId)!,
        field: 'subject_external_id',
        rule: 'differs from the subject of its subtopics; move them with it',
      });
    }
  }
  const unique = new Map(problems.map((problem) => [`${problem.row}|${problem.field}`, problem]));
  if (unique.size > 0) throw new RowProblems([...unique.values()].sort((a, b) => a.row - b.row));
}

export const libraryTopicsKind = defineKind<'library-topics'>({
  ...topicsTable,
  async upsert(context, rows, prepared) {
    const outcomes: RowOutcome[] = [];
    for (const level of topicLevels(rows)) outcomes.push(...(await topicsTable.upsert(context, level, prepared)));
    await checkTree(context, new Map(outcomes.map((outcome) => [outcome.afterId!, outcome.index])));
    return outcomes;
  },
});

export const libraryFilesKind = tableKind({
  kind: 'library-files',
  table: libraryFiles,
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { topic_external_id: topicIds } = await resolveReferences(context, rows, problems, {
      topic_external_id: 'library-topics',
    });
    const files = await resolveFiles(context, rows, problems, {
      file_external_id: 'any',
      poster_file_external_ids: 'image',
    });
    const courses = await coursesOf(context, libraryTopics, [...topicIds.values()]);
    return (row) => {
      const topicId = topicIds.get(row.topic_external_id);
      return {
        columns: {
          topicId,
          courseId: topicId === undefined ? undefined : courses.get(topicId),
          title: row.title,
          type: row.type,
          ...materialColumns(row, files),
          posterKeys: (row.poster_file_external_ids ?? []).map((externalId) => files.get(externalId)?.fileKey ?? ''),
          sharedOn: row.shared_on,
        },
      };
    };
  },
});
