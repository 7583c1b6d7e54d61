import { and, asc, desc, eq, gt, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
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

/**
 * The texts the portal itself delivers: temporary passwords, and alerts (issue 31; the alerts area's delivery writes
 * them). The institute's own notices it loads are a record of texts it sent.
 */
export const deliveredPurposes = ['forgot_password', 'first_password', 'alert'];
/** The same, as the partial index sms_outbox_to_send's predicate writes it (db/schema/auth.ts). */
const isDelivered = sql`${smsOutbox.purpose} in ('forgot_password', 'first_password', 'alert')`;

/** A text of the outbox to deliver: its phone, words, secret and whether it went; undefined when gone. */
export async function findOutboxText(db: Db, instituteId: number, id: number) {
  const [row] = await db
    .select({
      phone: smsOutbox.phone,
      purpose: smsOutbox.purpose,
      body: smsOutbox.body,
      secret: smsOutbox.secret,
      secretUserId: smsOutbox.secretUserId,
      secretExpiresAt: smsOutbox.secretExpiresAt,
      sentAt: smsOutbox.sentAt,
    })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.instituteId, instituteId), eq(smsOutbox.id, id)));
  return row;
}

/** Notes that a text went (once: a text sent twice at once keeps the first time). */
export async function markTextSent(db: Db, instituteId: number, id: number, at: Date): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ sentAt: at })
    .where(and(eq(smsOutbox.instituteId, instituteId), eq(smsOutbox.id, id), isNull(smsOutbox.sentAt)));
}

/**
 * Texts the portal delivers that have not gone since `since`, oldest first (the partial index sms_outbox_to_send): a
 * temporary password a newer one replaced (its secret forgotten) or that expired by `now` is not sent.
 */
export function findTextsToSend(db: Db, since: Date, now: Date, limit: number) {
  return db
    .select({ instituteId: smsOutbox.instituteId, id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        isNull(smsOutbox.sentAt),
        isDelivered,
        gte(smsOutbox.createdAt, since),
        or(isNull(smsOutbox.secretUserId), isNotNull(smsOutbox.secret)),
        or(isNull(smsOutbox.secretExpiresAt), gt(smsOutbox.secretExpiresAt, now)),
      ),
    )
    .orderBy(asc(smsOutbox.createdAt))
    .limit(limit);
}
