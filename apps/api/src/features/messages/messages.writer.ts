// The messages area's writer (issue 29): the one module that queues texts in the SMS outbox, which the inbox
// (Messages) reads, for the admin API, the import's first-password texts, the demo seed and the test factories, in
// the caller's transaction. The forgot-password text, written with its one-time secret in the sign-in's own
// transaction, is the auth area's (auth.repository.ts).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyOf, chunks } from '../../db/bulk.ts';
import { smsOutbox } from '../../db/schema/index.ts';

/** A text as written: to a phone (without the country code, as users.phone holds it), dated `createdAt`. */
export type MessageValues = Omit<typeof smsOutbox.$inferInsert, 'instituteId' | 'id'>;

/** A text as stored. */
export type StoredMessage = typeof smsOutbox.$inferSelect;

/** Texts by id. */
export async function findMessages(
  db: Db,
  instituteId: number,
  ids: readonly number[],
): Promise<Map<number, StoredMessage>> {
  const found = new Map<number, StoredMessage>();
  for (const part of chunks(ids, 5000)) {
    const rows = await db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.instituteId, instituteId), anyOf(smsOutbox.id, part)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** Queues texts, a thousand a statement; answers their ids in the order given. */
export async function queueMessages(db: Db, instituteId: number, values: readonly MessageValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(values, 1000)) {
    const rows = await db
      .insert(smsOutbox)
      .values(part.map((message) => ({ instituteId, ...message })))
      .returning({ id: smsOutbox.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Changes a text's given columns. */
export async function updateMessage(
  db: Db,
  instituteId: number,
  id: number,
  values: Partial<MessageValues>,
): Promise<void> {
  await db
    .update(smsOutbox)
    .set(values)
    .where(and(eq(smsOutbox.instituteId, instituteId), eq(smsOutbox.id, id)));
}

/** Takes texts out of the inbox for good. */
export async function deleteMessages(db: Db, instituteId: number, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, 5000)) {
    await db.delete(smsOutbox).where(and(eq(smsOutbox.instituteId, instituteId), anyOf(smsOutbox.id, part)));
  }
}
