import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { entitledCourse } from '../library/index.ts';
import type { Db } from '../../db/client.ts';
import { p, prepared, sqlRows } from '../../db/prepared.ts';
import { subjects } from '../../db/schema/academics.ts';
import { documents } from '../../db/schema/documents.ts';
import { libraryCourses } from '../../db/schema/library.ts';

/** The subjects of the viewed student's standards this academic year, by name. */
export function findStudentSubjects(db: Db, instituteId: number, studentId: number, academicYearId: number) {
  return sqlRows<{ id: number; name: string }>(
    db,
    'documents_student_subjects',
    `select s.id, s.name from subjects s
     where s.institute_id = $1 and s.standard_id in (
       select b.standard_id from enrolments e
       join batches b on b.institute_id = e.institute_id and b.id = e.batch_id
       where e.institute_id = $1 and e.student_id = $2 and e.academic_year_id = $3)
     order by s.name, s.id`,
    [instituteId, studentId, academicYearId],
  );
}

const columns = {
  id: documents.id,
  category: documents.category,
  title: documents.title,
  kind: documents.kind,
  fileName: documents.fileName,
  fileKey: documents.fileKey,
  sizeBytes: documents.sizeBytes,
  videoId: documents.videoId,
  isReadonly: documents.isReadonly,
  sharedOn: documents.sharedOn,
};

const bySubjectQuery = prepared((db) =>
  db
    .select({ ...columns, subjectName: subjects.name })
    .from(documents)
    .innerJoin(subjects, and(eq(subjects.instituteId, documents.instituteId), eq(subjects.id, documents.subjectId)))
    .where(and(eq(documents.instituteId, p('instituteId')), eq(documents.subjectId, p('subjectId'))))
    .orderBy(desc(documents.sharedOn), asc(documents.id))
    .prepare('documents_by_subject'),
);

const byCourseQuery = prepared((db) =>
  db
    .select({ ...columns, subjectName: libraryCourses.name })
    .from(documents)
    .innerJoin(
      libraryCourses,
      and(eq(libraryCourses.instituteId, documents.instituteId), eq(libraryCourses.id, documents.courseId)),
    )
    .where(and(eq(documents.instituteId, p('instituteId')), eq(documents.courseId, p('courseId'))))
    .orderBy(desc(documents.sharedOn), asc(documents.id))
    .prepare('documents_by_course'),
);

export type DocumentRow = Awaited<ReturnType<typeof findBySubject>>[number];

export const findBySubject = (db: Db, instituteId: number, subjectId: number) =>
  bySubjectQuery(db, { instituteId, subjectId });
export const findByCourse = (db: Db, instituteId: number, courseId: number) =>
  byCourseQuery(db, { instituteId, courseId });

/**
 * The first document holding this video that the session may see: shared with a subject of the viewed student's
 * standards this year, or with an e-course the session is entitled to.
 */
export async function findEntitledVideoDocument(db: Db, entitlement: unknown[], videoId: string) {
  const [row] = await sqlRows<{ id: number; kind: string }>(
    db,
    'documents_video_access',
    `select d.id, d.kind from documents d
     left join library_courses c on c.institute_id = d.institute_id and c.id = d.course_id
     where d.institute_id = $1 and d.video_id = $6 and d.kind in ('vimeo', 'vdocipher', 'youtube') and (
       (d.subject_id is not null and exists (
         select 1 from subjects s
         join batches b on b.institute_id = s.institute_id and b.standard_id = s.standard_id
         join enrolments e on e.institute_id = b.institute_id and e.batch_id = b.id
         where s.institute_id = $1 and s.id = d.subject_id and e.student_id = $2::int and e.academic_year_id = $3::int))
       or (c.id is not null and ${entitledCourse('c')}))
     order by d.id limit 1`,
    [...entitlement, videoId],
  );
  return row;
}

export async function addDocumentWatch(db: Db, instituteId: number, id: number, plays: number, seconds: number) {
  await db
    .update(documents)
    .set({
      watchCount: sql`${documents.watchCount} + ${plays}`,
      watchSeconds: sql`${documents.watchSeconds} + ${seconds}`,
    })
    .where(and(eq(documents.instituteId, instituteId), eq(documents.id, id)));
}

export async function countDocumentDownload(db: Db, instituteId: number, id: number) {
  await db
    .update(documents)
    .set({ downloadCount: sql`${documents.downloadCount} + 1` })
    .where(and(eq(documents.instituteId, instituteId), eq(documents.id, id)));
}
