import { notFound, type AreaPolicies } from '../../access/policies.ts';
import { isChildOf } from './auth.repository.ts';

/** The auth area's id: a child of the parent account that signed in (a student has none to switch to). */
export const authPolicies = {
  async child(scope, value) {
    const { instituteId, accountUserId, isParent } = scope.session;
    // Another family's child and one that does not exist look alike.
    if (!isParent || !(await isChildOf(scope.db, instituteId, accountUserId, value as number))) throw notFound();
  },
} satisfies AreaPolicies;
