// Live-class recordings (hosted videos of a class session, or video files uploaded through /files) and the study
// library: free courses of a standard, their subjects, topics (nested: a topic may sit under another topic of its
// subject) and items (hosted videos or uploaded files).
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { maxTopicDepth, topicDepthProblems } from '@campus/domain/library/library-rules';
import {
  findMixedSubjectTopics,
  findSubjectCourses,
  findTopicCircles,
  findTopicCourses,
  findTopicDepths,
  findTopicsWithSubtopics,
  libraryCourseRows,
  libraryFileRows,
  librarySubjectRows,
  libraryTopicRows,
} from '../../library/index.ts';
import {
  createRecordings,
  deleteRecordings,
  findRecordings,
  updateRecording,
  type RecordingValues,
} from '../../timetable/index.ts';
import { materialColumns, resolveFiles } from './files.ts';
import {
  defineKind,
  resolveReferences,
  RowProblems,
  toInstant,
  type IndexedRow,
  type KindContext,
  type RowOutcome,
} from './kind.ts';
import { rowsStore, storeKind } from './table-kind.ts';

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

export const libraryCoursesKind = storeKind({
  kind: 'library-courses',
  store: rowsStore(libraryCourseRows),
  // Deleted for good with its subjects, topics and videos.
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { standard_external_id: standardIds } = await resolveReferences(context, rows, problems, {
      standard_external_id: 'standards',
    });
    return (row) => ({
      name: row.name,
      isPaid: false,
      courseTypeId: 1,
      standardId: standardIds.get(row.standard_external_id)!,
    });
  },
});

export const librarySubjectsKind = storeKind({
  kind: 'library-subjects',
  store: rowsStore(librarySubjectRows),
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { course_external_id: courseIds } = await resolveReferences(context, rows, problems, {
      course_external_id: 'library-courses',
    });
    return (row) => ({
      courseId: courseIds.get(row.course_external_id)!,
      name: row.name,
      sortOrder: row.sort_order ?? 0,
    });
  },
});

/** Topics as stored (and as written so far in this batch), each row a topic and what it sits under. */
const topicsTable = storeKind({
  kind: 'library-topics',
  store: rowsStore(libraryTopicRows),
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { subject_external_id: subjectIds, parent_topic_external_id: parentIds } = await resolveReferences(
      context,
      rows,
      problems,
      { subject_external_id: 'library-subjects', parent_topic_external_id: 'library-topics' },
    );
    const courses = await findSubjectCourses(context.tx, context.instituteId, [...subjectIds.values()]);
    return (row) => {
      const subjectId = subjectIds.get(row.subject_external_id)!;
      return {
        subjectId,
        courseId: courses.get(subjectId)!,
        parentId: row.parent_topic_external_id ? parentIds.get(row.parent_topic_external_id)! : null,
        name: row.name,
        sortOrder: row.sort_order ?? 0,
      };
    };
  },
  // Deleting a topic would take its subtopics with it (and leave their external ids naming nothing).
  async keep({ tx, instituteId }, ids) {
    const kept = new Map<number, string>();
    for (const [id, total] of await findTopicsWithSubtopics(tx, instituteId, ids)) {
      kept.set(id, `has ${total} subtopics; delete or move them first (or in the same batch)`);
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
 * The tree after the batch's writes (in its transaction): no topic of the batch is its own ancestor through stored
 * topics, none sits (or puts its subtopics) deeper than topics nest, and every parent and subtopic it touches is of
 * the same subject.
 */
async function checkTree(context: KindContext, rowOf: Map<number, number>) {
  const ids = [...rowOf.keys()];
  const problems: RowProblem[] = [];
  if (ids.length === 0) return;
  const circles = await findTopicCircles(context.tx, context.instituteId, ids);
  for (const id of circles) {
    problems.push({ row: rowOf.get(id)!, field: 'parent_topic_external_id', rule: 'makes the topic its own ancestor' });
  }
  const inCircle = new Set(circles);
  const placed = (await findTopicDepths(context.tx, context.instituteId, ids)).filter(
    (topic) => !inCircle.has(topic.id),
  );
  for (const { id, rule } of topicDepthProblems(placed)) {
    problems.push({ row: rowOf.get(id)!, field: 'parent_topic_external_id', rule });
  }
  const mixed = await findMixedSubjectTopics(context.tx, context.instituteId, ids);
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

export const libraryFilesKind = storeKind({
  kind: 'library-files',
  store: rowsStore(libraryFileRows),
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { topic_external_id: topicIds } = await resolveReferences(context, rows, problems, {
      topic_external_id: 'library-topics',
    });
    const files = await resolveFiles(context, rows, problems, {
      file_external_id: 'any',
      poster_file_external_ids: 'image',
    });
    const courses = await findTopicCourses(context.tx, context.instituteId, [...topicIds.values()]);
    return (row) => {
      const topicId = topicIds.get(row.topic_external_id)!;
      return {
        topicId,
        courseId: courses.get(topicId)!,
        title: row.title,
        type: row.type,
        ...materialColumns(row, files),
        posterKeys: (row.poster_file_external_ids ?? []).map((externalId) => files.get(externalId)?.fileKey ?? ''),
        sharedOn: row.shared_on,
      };
    };
  },
});
