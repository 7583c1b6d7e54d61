// The library area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'library.ecourses': (ids) => ({
    params: { institute_id: ids.instituteId, student_or_user_id: ids.studentId },
    query: { source: 'STUDENT_PORTAL' },
  }),
  'library.studyMaterial': (ids) => ({
    body: { ecourse_id: ids.courseId, institute_id: ids.instituteId, product_id: ids.courseProductId },
  }),
};
