// The report area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'report.testReport': (ids) => ({
    params: { accountId: ids.accountUserId, userId: ids.userId, testId: ids.reportTestId, scope: '-1' },
  }),
  'report.student': (ids) => ({ params: { studentId: ids.studentId } }),
  'report.bookmarks': (ids) => ({ params: { userId: ids.userId } }),
  'report.bookmark': (ids) => ({ params: { userId: ids.userId, questionId: ids.questionId } }),
  'report.deleteBookmark': (ids) => ({ body: { student_id: ids.studentId, question_id: ids.questionId } }),
  'report.scoreCard': () => ({ params: { token: 'not.signed' } }),
  'report.scoreCardPdf': () => ({ params: { token: 'not.signed' } }),
};
