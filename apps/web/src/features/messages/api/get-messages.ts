import { messagesEndpoints } from '@campus/domain/messages/messages.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { inboxPhone, messagesInput, type Reader } from './messages-requests.ts';

export { inboxPhone };

/** GET /api/v1/alerts/config/messagesByPhoneNo/{instituteId}/{+countrycode-phone}: one batch, newest first. */
export async function getMessages(reader: Reader, signal?: AbortSignal) {
  return call(messagesEndpoints.byPhone, messagesInput(reader), { signal });
}

export const messagesQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['messages', session.institute_id, inboxPhone(session)],
    queryFn: ({ signal }) => getMessages(session, signal),
    // An account without a phone has no inbox to ask for.
    enabled: inboxPhone(session) !== '',
    retry: false,
  });

/** The messages sent to the signed-in account's phone. */
export const useMessages = (session: StoredSession) => useQuery(messagesQuery(session));
