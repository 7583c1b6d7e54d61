import type { examEndpoints } from '@campus/domain/exam/exam.endpoints';
import type { InputOf } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

// The desk's first requests, free of the query layer: the page's boot script sends them too (src/boot.ts).

/** The exam service takes the session's exam desk credential (spec part 2 §7). */
export const deskAuthorization = (session: Pick<StoredSession, 'examdesk_auth_token'>) => session.examdesk_auth_token;

/** The product types whose tests the desk lists. */
export const productTestTypes = ['Mock_Test', 'Online_Test'] as const;

/** The test ids of the user's products of one type. */
export const productTestIdsInput = (
  session: Pick<StoredSession, 'institute_id' | 'user_id'>,
  itemType: (typeof productTestTypes)[number],
): InputOf<typeof examEndpoints.productTestIds> => ({
  params: { itemType },
  headers: { 'x-prod-inst-id': session.institute_id, 'x-prod-user-id': session.user_id },
});
