import { inboxPhoneOf, maxMessageBatchSize, messageStartIndex } from '@campus/domain/messages/messages-rules';
import type { messagesEndpoints } from '@campus/domain/messages/messages.endpoints';
import type { InputOf } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

// The inbox request, free of the query layer: the page's boot script sends it too (src/boot.ts).

export type Reader = Pick<
  StoredSession,
  'institute_id' | 'parentslogin' | 'parent_num' | 'student_phone' | 'country_calling_code'
>;

/** The inbox is the signed-in account's phone: a parent's own number, not the child's. */
export const inboxPhone = (reader: Reader) =>
  inboxPhoneOf(reader.country_calling_code, reader.parentslogin ? reader.parent_num : reader.student_phone);

/** One batch of the inbox, newest first. */
export const messagesInput = (reader: Reader): InputOf<typeof messagesEndpoints.byPhone> => ({
  params: { instituteId: reader.institute_id, phone: inboxPhone(reader) },
  query: { start_index: messageStartIndex, batch_size: maxMessageBatchSize },
});
