import { idValues, notFound, type AreaPolicies } from '../../access/policies.ts';
import { findExamLabel, findVisibleTestIds } from './index.ts';

/** The exam area's ids: tests the student may see, and the institute's test labels. */
export const examPolicies = {
  async test(scope, value) {
    // Each id a test set for the student's sections this year or sold in a product the user bought.
    const ids = [...new Set(idValues(value))];
    const { instituteId, userId, studentId } = scope.session;
    const batchIds = studentId === null ? [] : await scope.batchIds();
    const visible = await findVisibleTestIds(scope.db, instituteId, batchIds, userId, ids);
    if (visible.length !== ids.length) throw notFound();
  },
  async testLabel(scope, value) {
    if (value === 'MockP' || value === 'OnlineP') return;
    if (typeof value !== 'number' || !(await findExamLabel(scope.db, scope.session.instituteId, value))) {
      throw notFound();
    }
  },
} satisfies AreaPolicies;
