import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { smsOutbox, temporaryPasswords } from '../../db/schema/auth.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { users } from '../../db/schema/users.ts';

// A temporary password can still sign in only while its row is the one the message wrote (a newer one replaces
// it), unexpired and unused; otherwise its text keeps the mask, and the secret never leaves the database.
const isLive = sql`${smsOutbox.secret} is not null
  and ${temporaryPasswords.usedAt} is null
  and ${temporaryPasswords.expiresAt} = ${smsOutbox.secretExpiresAt}
  and ${smsOutbox.secretExpiresAt} > ${p('now')}::timestamptz`;

const messagesQuery = prepared((db) =>
  db
    .select({
      message: sql<string>`case when ${isLive} then replace(${smsOutbox.body}, ${p('mask')}::text, ${smsOutbox.secret}) else ${smsOutbox.body} end`,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .leftJoin(
      temporaryPasswords,
      and(
        eq(temporaryPasswords.instituteId, smsOutbox.instituteId),
        eq(temporaryPasswords.userId, smsOutbox.secretUserId),
      ),
    )
    .where(and(eq(smsOutbox.instituteId, p('instituteId')), eq(smsOutbox.phone, p('phone'))))
    // Index (institute_id, phone, created_at), read backwards; the id orders messages sent in the same instant.
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .offset(p('startIndex'))
    .limit(p('batchSize'))
    .prepare('messages_by_phone'),
);

/** One batch of the messages sent to `phone` (the number without country code), newest first. */
export const findMessagesByPhone = (
  db: Db,
  input: { instituteId: number; phone: string; startIndex: number; batchSize: number; now: Date; mask: string },
) => messagesQuery(db, { ...input, now: input.now.toISOString() });

// The `phone` id policy: the inbox is the signed-in account's own phone.
const accountPhoneQuery = prepared((db) =>
  db
    .select({ phone: users.phone, countryCallingCode: institutes.countryCallingCode })
    .from(users)
    .innerJoin(institutes, eq(institutes.id, users.instituteId))
    .where(and(eq(users.instituteId, p('instituteId')), eq(users.id, p('userId'))))
    .prepare('access_account_phone'),
);

/** The phone of an account (without country code; null when it has none) and its institute's calling code. */
export async function findAccountPhone(db: Db, instituteId: number, userId: number) {
  const [row] = await accountPhoneQuery(db, { instituteId, userId });
  return row;
}
