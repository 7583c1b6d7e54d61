import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { entitledCourse } from '../../access/library-access.ts';
import type { Db } from '../../db/client.ts';
import { p, prepared, sqlRows } from '../../db/prepared.ts';
import { libraryFiles, librarySubjects } from '../../db/schema/index.ts';

/** A topic with the number of subtopics and files below it at any depth. */
export interface TopicRow {
  id: number;
  parentId: number | null;
  subjectId: number;
  name: string;
  subtopics: number;
  files: number;
}

/**
 * Every topic of a course with its counts at any depth, in one statement: the recursive part pairs each topic
 * with every topic below it (and itself), the course's files are counted once per topic, and each topic sums the
 * counts of its pairs. Served by the (institute_id, course_id) and (institute_id, parent_id) indexes.
 */
export function findTopicsWithCounts(db: Db, instituteId: number, courseId: number) {
  return sqlRows<TopicRow>(
    db,
    'library_topics_counts',
    `with recursive tree(root_id, id) as (
       select t.id, t.id from library_topics t where t.institute_id = $1 and t.course_id = $2
       union all
       select tree.root_id, c.id from tree
       join library_topics c on c.institute_id = $1 and c.parent_id = tree.id
     ),
     direct as (
       select f.topic_id, count(*)::int as files from library_files f
       where f.institute_id = $1 and f.course_id = $2 group by f.topic_id
     ),
     counts as (
       select tree.root_id, count(*)::int - 1 as subtopics, coalesce(sum(direct.files), 0)::int as files
       from tree left join direct on direct.topic_id = tree.id
       group by tree.root_id
     )
     select t.id, t.parent_id as "parentId", t.subject_id as "subjectId", t.name, counts.subtopics, counts.files
     from library_topics t join counts on counts.root_id = t.id
     where t.institute_id = $1 and t.course_id = $2
     order by t.sort_order, t.id`,
    [instituteId, courseId],
  );
}

const subjectsQuery = prepared((db) =>
  db
    .select({ id: librarySubjects.id, name: librarySubjects.name })
    .from(librarySubjects)
    .where(and(eq(librarySubjects.instituteId, p('instituteId')), eq(librarySubjects.courseId, p('courseId'))))
    .orderBy(asc(librarySubjects.sortOrder), asc(librarySubjects.id))
    .prepare('library_subjects_of_course'),
);

export const findSubjects = (db: Db, instituteId: number, courseId: number) =>
  subjectsQuery(db, { instituteId, courseId });

const filesQuery = prepared((db) =>
  db
    .select({
      id: libraryFiles.id,
      topicId: libraryFiles.topicId,
      title: libraryFiles.title,
      type: libraryFiles.type,
      kind: libraryFiles.kind,
      fileName: libraryFiles.fileName,
      hasFile: sql<boolean>`${libraryFiles.fileKey} is not null`,
      videoId: libraryFiles.videoId,
      isReadonly: libraryFiles.isReadonly,
      sharedOn: libraryFiles.sharedOn,
      posters: sql<number>`cardinality(${libraryFiles.posterKeys})`,
    })
    .from(libraryFiles)
    .where(and(eq(libraryFiles.instituteId, p('instituteId')), eq(libraryFiles.courseId, p('courseId'))))
    .orderBy(desc(libraryFiles.sharedOn), asc(libraryFiles.id))
    .prepare('library_files_of_course'),
);

export type FileRow = Awaited<ReturnType<typeof findFiles>>[number];

/** Every file of a course, newest share first. */
export const findFiles = (db: Db, instituteId: number, courseId: number) => filesQuery(db, { instituteId, courseId });

/** The first library file holding this video in a course the session is entitled to. */
export async function findEntitledVideoFile(db: Db, entitlement: unknown[], videoId: string) {
  const [row] = await sqlRows<{ id: number; kind: string }>(
    db,
    'library_video_access',
    `select f.id, f.kind from library_files f
     join library_courses c on c.institute_id = f.institute_id and c.id = f.course_id
     where f.institute_id = $1 and f.video_id = $6 and f.kind in ('vimeo', 'vdocipher', 'youtube')
       and ${entitledCourse('c')}
     order by f.id limit 1`,
    [...entitlement, videoId],
  );
  return row;
}

export async function addWatch(db: Db, instituteId: number, fileId: number, plays: number, seconds: number) {
  await db
    .update(libraryFiles)
    .set({
      watchCount: sql`${libraryFiles.watchCount} + ${plays}`,
      watchSeconds: sql`${libraryFiles.watchSeconds} + ${seconds}`,
    })
    .where(and(eq(libraryFiles.instituteId, instituteId), eq(libraryFiles.id, fileId)));
}

/**
 * The version a course's study material is at: bumped by triggers (migration library_material_version_trigger)
 * whenever its subjects, topics or files change in what the answer shows. One primary-key read.
 */
export async function findMaterialVersion(db: Db, instituteId: number, courseId: number): Promise<string | undefined> {
  const [row] = await sqlRows<{ version: string }>(
    db,
    'library_material_version',
    `select material_version::text as version from library_courses where institute_id = $1 and id = $2`,
    [instituteId, courseId],
  );
  return row?.version;
}
