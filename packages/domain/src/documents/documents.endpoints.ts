import { endpoint } from '../shared/endpoint.ts';
import type { documentsSchemas } from './documents.contract.ts';

type Schemas = typeof documentsSchemas;

/** Documents (spec part 1 §2 Documents, §7): students by subject, open-course users by e-course; not parents. */
export const documentsEndpoints = {
  subjects: endpoint<Schemas['subjects']>({
    id: 'documents.subjects',
    method: 'GET',
    path: '/api/v1/fileShare/:institute_id',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'query', name: 'student_id', kind: 'viewer' },
      { in: 'query', name: 'user_id', kind: 'viewer' },
    ],
  }),
  subjectLevel: endpoint<Schemas['subjectLevel']>({
    id: 'documents.subjectLevel',
    method: 'GET',
    path: '/api/v1/fileShare/subject-level/:institute_id',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'query', name: 'student_id', kind: 'viewer' },
      { in: 'query', name: 'user_id', kind: 'viewer' },
      { in: 'query', name: 'subject_id', kind: 'subject' },
      { in: 'query', name: 'eCourse_id', kind: 'course' },
    ],
  }),
  /**
   * A document's file as a download (spec part 1 §7): the blob itself, asked with the session's Authorization; only
   * documents that are not read-only (Download is shown only for is_readonly N).
   */
  downloadFile: endpoint<Schemas['downloadFile']>({
    id: 'documents.downloadFile',
    method: 'GET',
    path: '/api/v1/instFileSystem/downloadFile/:institute_id',
    service: 'main',
    access: 'student',
    answerType: 'file',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'query', name: 'fileId', kind: 'document' },
    ],
  }),
  /** A document as the PDF viewer reads it (spec part 1 §7): a PDF inline, an office document's converted PDF. */
  pdfFile: endpoint<Schemas['pdfFile']>({
    id: 'documents.pdfFile',
    method: 'GET',
    path: '/api/v1/instFileSystem/:institute_id/files/download',
    service: 'main',
    access: 'student',
    answerType: 'file',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'query', name: 'fileId', kind: 'document' },
    ],
  }),
};
