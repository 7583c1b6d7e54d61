// Live-class recordings (hosted videos of a class session, or video files uploaded through /files) and the study
// library: free courses of a standard, their subjects, topics and items (hosted videos or uploaded files).
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  classRecordings,
  libraryCourses,
  libraryFiles,
  librarySubjects,
  libraryTopics,
} from '../../../db/schema/index.ts';
import { anyOf } from '../admin.repository.ts';
import { materialColumns, resolveFiles } from './files.ts';
import { chunks, resolveReferences, toInstant, type KindContext } from './kind.ts';
import { tableKind } from './table-kind.ts';

export const recordingsKind = tableKind({
  kind: 'recordings',
  table: classRecordings,
  deletes: 'hard',
  // Shown as uploaded when first loaded; a rerun leaves that time alone.
  insertDefaults: (context) => ({ uploadedAt: context.now }),
  build: async (context, rows, problems) => {
    const { class_session_external_id: sessionIds } = await resolveReferences(context, rows, problems, {
      class_session_external_id: 'class-sessions',
    });
    const files = await resolveFiles(context, rows, problems, { file_external_id: 'video' });
    return (row) => ({
      columns: {
        sessionId: sessionIds.get(row.class_session_external_id),
        host: row.host,
        providerVideoId: row.provider_video_id ?? null,
        // host aws: the uploaded video on the portal's storage.
        fileKey: row.file_external_id ? (files.get(row.file_external_id)?.fileKey ?? null) : null,
        sizeBytes: row.file_external_id ? (files.get(row.file_external_id)?.sizeBytes ?? 0) : 0,
        name: row.name,
        durationSeconds: row.duration_seconds ?? 0,
        recordedAt: toInstant(row.recorded_at, context.timeZone),
      },
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

export const libraryTopicsKind = tableKind({
  kind: 'library-topics',
  table: libraryTopics,
  deletes: 'hard',
  build: async (context, rows, problems) => {
    const { subject_external_id: subjectIds } = await resolveReferences(context, rows, problems, {
      subject_external_id: 'library-subjects',
    });
    const courses = await coursesOf(context, librarySubjects, [...subjectIds.values()]);
    return (row) => {
      const subjectId = subjectIds.get(row.subject_external_id);
      return {
        columns: {
          subjectId,
          courseId: subjectId === undefined ? undefined : courses.get(subjectId),
          parentId: null,
          name: row.name,
          sortOrder: row.sort_order ?? 0,
        },
      };
    };
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
