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
};
