import { notFound, type AreaPolicies } from '../../access/policies.ts';
import { findAttemptedQuestion } from './index.ts';

/** The report area's id: a question of a test the viewed user submitted an attempt at. */
export const reportPolicies = {
  async question(scope, value) {
    const { instituteId, userId, studentId } = scope.session;
    if (!(await findAttemptedQuestion(scope.db, instituteId, { userId, studentId }, value as number))) throw notFound();
  },
} satisfies AreaPolicies;
