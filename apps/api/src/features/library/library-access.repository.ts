// Who may open what in the study library and documents: the entitlement rules, in SQL, shared by the policies
// (course, libraryFile, subject) and the course list. Free courses are for the students enrolled this academic
// year in a section of the course's standard; paid courses for the users holding an unexpired purchase of the
// course's product; never anything of another institute.
import { dateInZone } from '@campus/domain/calendar/calendar';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/prepared.ts';
import type { AuthContext } from '../../types.d.ts';

/**
 * What the entitlement lookups read of a request's scope (the RequestScope of scope.ts, which keeps the rows found
 * here): named here so that this module does not import the scope back.
 */
export interface EntitlementScope {
  readonly db: Db;
  readonly session: AuthContext;
  timeZone(): Promise<string>;
}

/** `$1` institute, `$2` student (null for open-course users), `$3` academic year, `$4` user, `$5` today. */
export const entitledCourse = (course: string) => `(
  (not ${course}.is_paid and exists (
    select 1 from enrolments e
    join batches b on b.institute_id = e.institute_id and b.id = e.batch_id
    where e.institute_id = $1 and e.student_id = $2::int and e.academic_year_id = $3::int
      and b.standard_id = ${course}.standard_id))
  or (${course}.is_paid and exists (
    select 1 from product_purchases pp
    where pp.institute_id = $1 and pp.user_id = $4::int and pp.product_id = ${course}.product_id
      and pp.expires_on >= $5::date))
)`;

/** The values of `entitledCourse`'s placeholders `$1`–`$5` for this session. */
export async function entitlementValues(scope: EntitlementScope, now: Date): Promise<unknown[]> {
  const { instituteId, studentId, academicYearId, userId } = scope.session;
  return [instituteId, studentId, academicYearId, userId, dateInZone(now, await scope.timeZone())];
}

/** A library course the session may open. */
export interface EntitledCourse {
  id: number;
  name: string;
  isPaid: boolean;
  productId: number | null;
}

/** An entitled course as its policy reads it, with the version its study material is at. */
export interface EntitledCourseWithVersion extends EntitledCourse {
  /** library_courses.material_version (bumped by triggers on any change to what the answer shows), as text. */
  materialVersion: string;
}

export async function findEntitledCourse(scope: EntitlementScope, now: Date, courseId: number) {
  const [row] = await sqlRows<EntitledCourseWithVersion>(
    scope.db,
    'library_course_access',
    `select c.id, c.name, c.is_paid as "isPaid", c.product_id as "productId",
       c.material_version::text as "materialVersion"
     from library_courses c
     where c.institute_id = $1 and c.id = $6 and ${entitledCourse('c')}`,
    [...(await entitlementValues(scope, now)), courseId],
  );
  return row;
}

/** A library file the session may open (its course is one it is entitled to). */
export interface EntitledFile {
  id: number;
  courseId: number;
  kind: string;
  videoId: string | null;
}

export async function findEntitledFile(scope: EntitlementScope, now: Date, fileId: number) {
  const [row] = await sqlRows<EntitledFile>(
    scope.db,
    'library_file_access',
    `select f.id, f.course_id as "courseId", f.kind, f.video_id as "videoId"
     from library_files f
     join library_courses c on c.institute_id = f.institute_id and c.id = f.course_id
     where f.institute_id = $1 and f.id = $6 and ${entitledCourse('c')}`,
    [...(await entitlementValues(scope, now)), fileId],
  );
  return row;
}

/** A subject of the standards of the viewed student's sections this academic year (documents by subject). */
export async function isStudentSubject(scope: EntitlementScope, subjectId: number): Promise<boolean> {
  const { instituteId, studentId, academicYearId } = scope.session;
  if (studentId === null) return false;
  const rows = await sqlRows<{ id: number }>(
    scope.db,
    'documents_subject_access',
    `select s.id from subjects s
     where s.institute_id = $1 and s.id = $4 and exists (
       select 1 from enrolments e
       join batches b on b.institute_id = e.institute_id and b.id = e.batch_id
       where e.institute_id = $1 and e.student_id = $2 and e.academic_year_id = $3 and b.standard_id = s.standard_id)`,
    [instituteId, studentId, academicYearId, subjectId],
  );
  return rows.length > 0;
}

/** Every course the session is entitled to (values: `entitledCourse`'s `$1`–`$5`), by name. */
export function findEntitledCourses(db: Db, entitlement: unknown[]) {
  return sqlRows<EntitledCourse & { courseTypeId: number }>(
    db,
    'library_courses_entitled',
    `select c.id, c.name, c.is_paid as "isPaid", c.product_id as "productId", c.course_type_id as "courseTypeId"
     from library_courses c
     where c.institute_id = $1 and ${entitledCourse('c')}
     order by c.is_paid, c.name, c.id`,
    entitlement,
  );
}

/** A file with stored bytes, as a course grant serves it. */
export interface GrantedFile {
  title: string;
  fileName: string;
  fileKey: string;
  kind: string;
  isReadonly: boolean;
}

/**
 * The stored file `fileId` when it belongs to the course and institute a course grant names (else undefined):
 * the grant is the proof of the entitlement checked when it was signed, this the proof that the file is under it.
 * Served by the primary key and checked on (institute_id, course_id).
 */
export async function findGrantedFile(db: Db, instituteId: number, courseId: number, fileId: number) {
  const [row] = await sqlRows<GrantedFile>(
    db,
    'library_granted_file',
    `select f.title, f.file_name as "fileName", f.file_key as "fileKey", f.kind, f.is_readonly as "isReadonly"
     from library_files f
     where f.id = $3 and f.institute_id = $1 and f.course_id = $2 and f.file_key is not null`,
    [instituteId, courseId, fileId],
  );
  return row;
}

/**
 * The storage key of poster `index` of file `fileId` when the file belongs to the course and institute a course
 * grant names (else undefined). A hosted video has posters but no file of its own, so this does not ask for one.
 */
export async function findGrantedPoster(db: Db, instituteId: number, courseId: number, fileId: number, index: number) {
  const [row] = await sqlRows<{ key: string }>(
    db,
    'library_granted_poster',
    `select f.poster_keys[$4::int + 1] as key
     from library_files f
     where f.id = $3 and f.institute_id = $1 and f.course_id = $2 and f.poster_keys[$4::int + 1] is not null`,
    [instituteId, courseId, fileId, index],
  );
  return row?.key;
}

/** A document the session may open, with what its file routes serve. */
export interface EntitledDocument {
  id: number;
  title: string;
  kind: string;
  fileName: string;
  fileKey: string | null;
  isReadonly: boolean;
}

/**
 * The document `documentId` when the session may see it: shared with a subject of the viewed student's standards
 * this academic year, or with an e-course the session is entitled to (as the documents list shows them).
 */
export async function findEntitledDocument(scope: EntitlementScope, now: Date, documentId: number) {
  const [row] = await sqlRows<EntitledDocument>(
    scope.db,
    'documents_document_access',
    `select d.id, d.title, d.kind, d.file_name as "fileName", d.file_key as "fileKey", d.is_readonly as "isReadonly"
     from documents d
     left join library_courses c on c.institute_id = d.institute_id and c.id = d.course_id
     where d.institute_id = $1 and d.id = $6 and (
       (d.subject_id is not null and exists (
         select 1 from subjects s
         join batches b on b.institute_id = s.institute_id and b.standard_id = s.standard_id
         join enrolments e on e.institute_id = b.institute_id and e.batch_id = b.id
         where s.institute_id = $1 and s.id = d.subject_id and e.student_id = $2::int and e.academic_year_id = $3::int))
       or (c.id is not null and ${entitledCourse('c')}))`,
    [...(await entitlementValues(scope, now)), documentId],
  );
  return row;
}
