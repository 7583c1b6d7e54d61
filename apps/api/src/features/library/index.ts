// The library area's public face: who may open what of its courses (the entitlement rules the documents and files
// areas and the access policies share), and the download count the shared media calls keep.
export {
  entitledCourse,
  entitlementValues,
  findEntitledCourse,
  findEntitledCourses,
  findEntitledDocument,
  findEntitledFile,
  findGrantedFile,
  findGrantedPoster,
  isStudentSubject,
  type EntitledCourseWithVersion,
  type EntitledDocument,
  type EntitledFile,
} from './library-access.repository.ts';
export { addFileDownload } from './library.repository.ts';
export * from './library.writer.ts';
