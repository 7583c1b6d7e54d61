// The exam area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'exam.labels': () => ({}),
  'exam.labelTests': (ids) => ({ params: { labelId: ids.examLabelId } }),
  'exam.productTestIds': (ids) => ({
    params: { itemType: 'Online_Test' },
    headers: { 'x-prod-user-id': String(ids.userId), 'x-prod-inst-id': String(ids.instituteId) },
  }),
  'exam.testsById': (ids) => ({ body: { test_ids: String(ids.testId), user_id: ids.userId } }),
  'exam.time': () => ({}),
  // Each call hands out a new single-use token and starts nothing.
  'exam.launch': (ids) => ({ body: { test_id: ids.testId } }),
  'exam.open': () => ({ body: { launch_token: 'not-a-token' } }),
  'exam.attempt': () => ({}),
  // Without the view credential the read-only paper is refused (its handler checks the signed grant).
  'exam.paper': () => ({}),
  'exam.save': () => ({ body: { answers: [{ question_no: 1, seq: 1, answer: 'a' }] } }),
  'exam.submit': () => ({}),
};
