// The messages area's writer (issue 29): the one module that queues texts in the SMS outbox, which the inbox
// (Messages) reads, for the admin API, the import's first-password texts, the demo seed and the test factories, in
// the caller's transaction. The forgot-password text, written with its one-time secret in the sign-in's own
// transaction, is the auth area's (auth.repository.ts).
import type { Db } from '../../db/client.ts';
import { instituteRows } from '../../db/institute-rows.ts';
import { smsOutbox } from '../../db/schema/auth.ts';

/** A text as written: to a phone (without the country code, as users.phone holds it), dated `createdAt`. */
export type MessageValues = Omit<typeof smsOutbox.$inferInsert, 'instituteId' | 'id'>;

/** A text as stored. */
export type StoredMessage = typeof smsOutbox.$inferSelect;

const messageRows = instituteRows(smsOutbox);

/** Texts by id. */
export const findMessages: (
  db: Db,
  instituteId: number,
  ids: readonly number[],
) => Promise<Map<number, StoredMessage>> = messageRows.find;

/** Queues texts; answers their ids in the order given. */
export const queueMessages: (db: Db, instituteId: number, values: readonly MessageValues[]) => Promise<number[]> =
  messageRows.create;

/** Changes a text's given columns. */
export const updateMessage = messageRows.update;

/** Takes texts out of the inbox for good. */
export const deleteMessages = messageRows.remove;
