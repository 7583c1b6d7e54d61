import { inboxPhoneOf } from '@campus/domain/messages/messages-rules';
import { forbidden, notFound, type AreaPolicies } from '../../access/policies.ts';
import { findAccountPhone } from './index.ts';

declare module '../../access/scope.ts' {
  interface RequestScope {
    /** The phone (without country code) a declared `phone` id named, once its policy allowed it. */
    accountPhone?: string;
  }
}

/** The messages area's id: the phone number of the account that signed in. */
export const messagesPolicies = {
  async phone(scope, value) {
    // The account that signed in owns the phone (a parent's inbox is the parent's, whichever child is viewed).
    const { instituteId, accountUserId } = scope.session;
    const row = await findAccountPhone(scope.db, instituteId, accountUserId);
    if (!row?.phone) throw notFound();
    if (value !== inboxPhoneOf(row.countryCallingCode, row.phone)) {
      throw forbidden('You may only read the messages sent to your own phone number');
    }
    scope.accountPhone = row.phone;
  },
} satisfies AreaPolicies;
