// The documents area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'documents.subjects': (ids) => ({ params: { institute_id: ids.instituteId }, query: { student_id: ids.studentId } }),
  'documents.subjectLevel': (ids) => ({
    params: { institute_id: ids.instituteId },
    query: { student_id: ids.studentId, subject_id: ids.subjectId, share_with: 2 },
  }),
  'documents.downloadFile': (ids) => ({ params: { institute_id: ids.instituteId }, query: { fileId: ids.documentId } }),
  'documents.pdfFile': (ids) => ({ params: { institute_id: ids.instituteId }, query: { fileId: ids.documentId } }),
};
