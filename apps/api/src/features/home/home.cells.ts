// The home area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'home.banners': (ids) => ({ params: { userType: ids.userType } }),
  'home.announcements': (ids) => ({
    params: { instituteId: ids.instituteId },
    query: { is_active: 'true', student_id: ids.studentId },
  }),
};
