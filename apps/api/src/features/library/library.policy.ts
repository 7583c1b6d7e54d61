import { notFound, type AreaPolicies } from '../../access/policies.ts';
import { findVideo, type VideoEntry } from '../media/index.ts';
import {
  entitlementValues,
  findEntitledCourse,
  findEntitledDocument,
  findEntitledFile,
  isStudentSubject,
  type EntitledCourseWithVersion,
  type EntitledDocument,
  type EntitledFile,
} from './index.ts';

declare module '../../access/scope.ts' {
  interface RequestScope {
    /** The library course a declared `course` id named, once its policy allowed it. */
    course?: EntitledCourseWithVersion;
    /** The library file a declared `libraryFile` id named, once its policy allowed it. */
    libraryFile?: EntitledFile;
    /** The document a declared `document` id named, once its policy allowed it. */
    document?: EntitledDocument;
    /** The video a declared `video` id named, once its policy allowed it. */
    video?: VideoEntry;
  }
}

/**
 * The study library, documents and shared videos (features/library/library-access.repository.ts). An absent
 * optional id names nothing and passes; the handler decides whether it needed one. Every refusal is a bare 404.
 */
export const libraryPolicies = {
  viewer(scope, value) {
    if (value === undefined) return;
    const { studentId, userId } = scope.session;
    if (value !== (studentId ?? userId)) throw notFound();
  },
  async course(scope, value, request) {
    if (value === undefined) return;
    const course = await findEntitledCourse(scope, request.server.now(), value as number);
    if (!course) throw notFound();
    scope.course = course;
  },
  courseProduct(scope, value) {
    if (value === undefined || value === null || value === 0) return;
    if (!scope.course || scope.course.productId !== value) throw notFound();
  },
  async subject(scope, value) {
    if (value === undefined) return;
    if (!(await isStudentSubject(scope, value as number))) throw notFound();
  },
  async libraryFile(scope, value, request) {
    if (value === undefined) return;
    const file = await findEntitledFile(scope, request.server.now(), value as number);
    if (!file) throw notFound();
    scope.libraryFile = file;
  },
  async document(scope, value, request) {
    const document = await findEntitledDocument(scope, request.server.now(), value as number);
    if (!document) throw notFound();
    scope.document = document;
  },
  async video(scope, value, request) {
    const { instituteId, studentId, academicYearId } = scope.session;
    const found = await findVideo({
      db: scope.db,
      instituteId,
      videoId: String(value),
      entitlement: await entitlementValues(scope, request.server.now()),
      studentId,
      academicYearId,
    });
    if (!found) throw notFound();
    scope.video = found;
  },
} satisfies AreaPolicies;
