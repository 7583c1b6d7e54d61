import { endpoint } from '../shared/endpoint.ts';
import type { assignmentsSchemas } from './assignments.contract.ts';

type Schemas = typeof assignmentsSchemas;

const institute = { in: 'params', name: 'instituteId', kind: 'institute' } as const;
const student = { in: 'params', name: 'studentId', kind: 'student' } as const;
const assignment = { in: 'params', name: 'fileId', kind: 'assignment' } as const;

/** Online assignments (homework): list, detail, files, solution and the student's submission (spec part 1 §7). */
export const assignmentsEndpoints = {
  list: endpoint<Schemas['list']>({
    id: 'assignments.list',
    method: 'POST',
    path: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'student_id', kind: 'student' },
    ],
  }),
  detail: endpoint<Schemas['detail']>({
    id: 'assignments.detail',
    method: 'GET',
    path: '/api/v2/onlineAssignment/get/:instituteId/:fileId',
    service: 'main',
    access: 'session',
    ids: [institute, assignment],
  }),
  studentAttachments: endpoint<Schemas['studentAttachments']>({
    id: 'assignments.studentAttachments',
    method: 'GET',
    path: '/api/v2/onlineAssignment/studentAttachmentsDetail/:instituteId/:studentId/:fileId',
    service: 'main',
    access: 'session',
    ids: [institute, student, assignment],
  }),
  solution: endpoint<Schemas['solution']>({
    id: 'assignments.solution',
    method: 'GET',
    path: '/api/v2/onlineAssignment/getAssignmentSolution/:instituteId/:studentId/:fileId',
    service: 'main',
    access: 'session',
    ids: [institute, student, assignment],
  }),
  download: endpoint<Schemas['download']>({
    id: 'assignments.download',
    method: 'POST',
    path: '/api/v2/onlineAssignment/downloadFile',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'attachmentId_array', kind: 'attachment' },
    ],
  }),
  update: endpoint<Schemas['update']>({
    id: 'assignments.update',
    method: 'POST',
    path: '/api/v2/onlineAssignment/student/updateAssignment',
    service: 'main',
    access: 'student',
    bodyType: 'multipart',
    // In the multipart field fileJson, checked once the handler has read it (before any row is written).
    ids: [
      { in: 'multipart', name: 'institute_id', kind: 'institute' },
      { in: 'multipart', name: 'studentId_array[]', kind: 'student' },
      { in: 'multipart', name: 'file_id', kind: 'assignment' },
      { in: 'multipart', name: 'attachmentId_array', kind: 'attachment' },
    ],
  }),
};
