import { endpoint } from '../shared/endpoint.ts';
import type { profileSchemas } from './profile.contract.ts';

type Schemas = typeof profileSchemas;

/** The student's profile and its few editable fields (spec part 1 §7). */
export const profileEndpoints = {
  profile: endpoint<Schemas['profile']>({
    id: 'profile.profile',
    method: 'GET',
    path: '/api/v1/students/get-student-detail/:institute_id/:stud_id',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'params', name: 'stud_id', kind: 'student' },
    ],
  }),
  update: endpoint<Schemas['update']>({
    id: 'profile.update',
    method: 'PUT',
    path: '/api/v1/profiles/update/:institute_id/:user_id',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'params', name: 'user_id', kind: 'user' },
    ],
  }),
};
