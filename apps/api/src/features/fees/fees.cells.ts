// The fees area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'fees.summary': (ids) => ({
    params: { instituteId: ids.instituteId, studentId: ids.studentId, academicYearId: ids.academicYearId },
  }),
  'fees.receiptDownload': (ids) => ({
    params: { studentId: ids.studentId, receiptNo: ids.receiptNo },
    query: { fin_yr: ids.receiptFinYear, acad_year: ids.academicYearId },
  }),
  // Public: a forged code answers the same 404 page to everyone.
  'fees.verifyReceipt': () => ({ params: { code: 'forged-code' } }),
};
