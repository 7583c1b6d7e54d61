import { endpoint } from '../shared/endpoint.ts';
import type { librarySchemas } from './library.contract.ts';

type Schemas = typeof librarySchemas;

/**
 * The study library (spec part 2 §2.1, §7 Study library). Parents do not see it (menu, part 1 §2), so only
 * students and open-course users call it.
 */
export const libraryEndpoints = {
  ecourses: endpoint<Schemas['ecourses']>({
    id: 'library.ecourses',
    method: 'GET',
    path: '/api/v1/instFileSystem/get-student-ecourses/:institute_id/:student_or_user_id',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      // The student's id, or the user's for open-course users (user_type 99).
      { in: 'params', name: 'student_or_user_id', kind: 'viewer' },
    ],
  }),
  studyMaterial: endpoint<Schemas['studyMaterial']>({
    id: 'library.studyMaterial',
    method: 'POST',
    path: '/api/v1/instFileSystem/get-study-material',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'ecourse_id', kind: 'course' },
      // The product of a paid course (0 or absent for free ones); checked against the course named above.
      { in: 'body', name: 'product_id', kind: 'courseProduct' },
    ],
  }),
};
