// The profile area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'profile.profile': (ids) => ({ params: { institute_id: ids.instituteId, stud_id: ids.studentId } }),
  'profile.update': (ids) => ({
    params: { institute_id: ids.instituteId, user_id: ids.userId },
    body: { birth_place: 'Pune' },
  }),
};
