import { sql } from 'drizzle-orm';
import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { alerts } from './alerts.ts';
import { users } from './users.ts';

// An alert's way out of the portal by SMS, email and Web Push (issue 31). The worker plans a row per alert and
// channel the account's settings turn on, then sends the rows that are due; a row still to do has `next_try_at`
// (its due time, a retry's time, or the end of a claim), a finished one has none: sent (`sent_at`), or skipped or
// given up (`last_error` says why).

/** One alert on one channel. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    alertId: integer().notNull(),
    /** The account (as the alert's), kept here so a digest gathers its rows without the alerts. */
    userId: integer().notNull(),
    /** 'sms', 'email' or 'push'. */
    channel: text().notNull(),
    /** When it may go: at once, the end of the quiet hours, or its digest's time. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** The local day of the digest that carries it (alert_digests); null: it goes on its own. */
    digestDay: date({ mode: 'string' }),
    /** When a worker may take it next; null when nothing is left to do (and always for a digest's rows). */
    nextTryAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    // Planned once, however many workers plan at once.
    uniqueIndex('alert_deliveries_once').on(t.instituteId, t.alertId, t.channel),
    // The sender's claim: the rows to do, by the time they are due.
    index('alert_deliveries_to_send')
      .on(t.nextTryAt)
      .where(sql`${t.nextTryAt} is not null`),
    // A digest's rows not sent yet.
    index('alert_deliveries_of_digest')
      .on(t.instituteId, t.userId, t.channel, t.digestDay)
      .where(sql`${t.digestDay} is not null and ${t.sentAt} is null`),
    foreignKey({ columns: [t.instituteId, t.alertId], foreignColumns: [alerts.instituteId, alerts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * An account's daily digest on one channel: one message at its chosen local time for the alerts gathered since the
 * last one. One row per account, channel and local day, so it is sent once.
 */
export const alertDigests = pgTable(
  'alert_digests',
  {
    instituteId: integer().notNull(),
    userId: integer().notNull(),
    channel: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    nextTryAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** How many alerts it carried. */
    alertCount: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.userId, t.channel, t.day] }),
    index('alert_digests_to_send')
      .on(t.nextTryAt)
      .where(sql`${t.nextTryAt} is not null`),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
