// Test rows of the messages area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import * as messagesWriter from '../../src/features/messages/index.ts';
import { fixedNow } from '../template.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/**
 * A text in the institute's SMS outbox (what the inbox, Messages, reads) to `phone` (without the country code): a
 * notice sent `minutesAgo` minutes before `fixedNow` (0 unless told).
 */
export async function createMessage(
  db: Db,
  institute: TestInstitute,
  phone: string,
  { minutesAgo = 0, ...overrides }: Partial<messagesWriter.MessageValues> & { minutesAgo?: number } = {},
) {
  const createdAt = new Date(fixedNow.getTime() - minutesAgo * 60_000);
  const [id] = await messagesWriter.queueMessages(db, institute.id, [
    { phone, purpose: 'notice', body: `Message ${nextNumber()}`, createdAt, sentAt: createdAt, ...overrides },
  ]);
  return id!;
}
