// The assignments area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'assignments.list': (ids) => ({
    body: { category_id: 255, institute_id: ids.instituteId, student_id: ids.studentId },
  }),
  'assignments.detail': (ids) => ({ params: { instituteId: ids.instituteId, fileId: ids.fileId } }),
  'assignments.studentAttachments': (ids) => ({
    params: { instituteId: ids.instituteId, studentId: ids.studentId, fileId: ids.fileId },
  }),
  'assignments.solution': (ids) => ({
    params: { instituteId: ids.instituteId, studentId: ids.studentId, fileId: ids.fileId },
  }),
  'assignments.download': (ids) => ({
    body: { attachmentId_array: [ids.ownAttachmentId], institute_id: ids.instituteId },
  }),
  'assignments.update': (ids) => ({
    multipart: {
      institute_id: ids.instituteId,
      category_id: 255,
      studentId_array: [ids.studentId],
      file_id: ids.draftFileId,
      student_status: 'Draft',
      student_comment: 'cell test',
      attachmentId_array: [],
      url_lists: [],
    },
  }),
};
