import { inboxPhoneOf, maxMessageBatchSize, messageStartIndex } from '@campus/domain/messages/messages-rules';
import { messagesEndpoints } from '@campus/domain/messages/messages.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

type Reader = Pick<
  StoredSession,
  'institute_id' | 'parentslogin' | 'parent_num' | 'student_phone' | 'country_calling_code'
>;

/** The inbox is the signed-in account's phone: a parent's own number, not the child's. */
export const inboxPhone = (reader: Reader) =>
  inboxPhoneOf(reader.country_calling_code, reader.parentslogin ? reader.parent_num : reader.student_phone);

/** GET /api/v1/alerts/config/messagesByPhoneNo/{instituteId}/{+countrycode-phone}: one batch, newest first. */
export async function getMessages(reader: Reader, signal?: AbortSignal) {
  return call(
    messagesEndpoints.byPhone,
    {
      params: { instituteId: reader.institute_id, phone: inboxPhone(reader) },
      query: { start_index: messageStartIndex, batch_size: maxMessageBatchSize },
    },
    { signal },
  );
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
