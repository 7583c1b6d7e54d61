import { idValues, notFound, type AreaPolicies } from '../../access/policies.ts';
import { findOwnAlertIds } from './alerts.repository.ts';

/** The alerts area's id: an alert to the account that signed in (a parent's are the parent's). */
export const alertsPolicies = {
  async alert(scope, value) {
    const ids = [...new Set(idValues(value))];
    const { instituteId, accountUserId } = scope.session;
    // Another account's alert and one that does not exist look alike.
    if ((await findOwnAlertIds(scope.db, instituteId, accountUserId, ids)).length !== ids.length) throw notFound();
  },
} satisfies AreaPolicies;
