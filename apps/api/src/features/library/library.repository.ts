import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { entitledCourse } from './library-access.repository.ts';
import type { Db } from '../../db/client.ts';
import { p, prepared, sqlRows } from '../../db/prepared.ts';
import { libraryFiles, librarySubjects, libraryTopics } from '../../db/schema/library.ts';

/**
 * Every topic of a course, as stored: the route builds the tree and counts what sits below each topic in one pass
 * over these rows (library-rules buildTree). Counting in SQL paired every topic with every topic below it, which
 * grew with the square of the depth (issue 25).
 */
const topicsQuery = prepared((db) =>
  db
    .select({
      id: libraryTopics.id,
      parentId: libraryTopics.parentId,
      subjectId: libraryTopics.subjectId,
      name: libraryTopics.name,
    })
    .from(libraryTopics)
    .where(and(eq(libraryTopics.instituteId, p('instituteId')), eq(libraryTopics.courseId, p('courseId'))))
    .orderBy(asc(libraryTopics.sortOrder), asc(libraryTopics.id))
    .prepare('library_topics_of_course'),
);

export const findTopics = (db: Db, instituteId: number, courseId: number) => topicsQuery(db, { instituteId, courseId });

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

/** Counts one download of a study library file (the shared media call). */
export async function addFileDownload(db: Db, instituteId: number, fileId: number) {
  await db
    .update(libraryFiles)
    .set({ downloadCount: sql`${libraryFiles.downloadCount} + 1` })
    .where(and(eq(libraryFiles.instituteId, instituteId), eq(libraryFiles.id, fileId)));
}
