import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';
import { students, users } from './users.ts';

/**
 * Alerts to an account about one child (issue 31): produced by the worker from the data the institute loads, once
 * per event and person (the unique key), and shown in the app's bell. What it says is drawn from `data` by the
 * alerts area's rules when it is read, so the production stays one set-based statement per kind.
 */
export const alerts = pgTable(
  'alerts',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    /** The account that hears: the student's own login, or a parent's. */
    userId: integer().notNull(),
    /** The child it is about. */
    studentId: integer().notNull(),
    /** One of the domain's alertKinds. */
    kind: text().notNull(),
    /** The event within its kind, e.g. the day of an absence (`2026-11-27`) or an installment's id. */
    eventKey: text().notNull(),
    /** What the text is drawn from: the child's name, the classes missed, an amount and a due date… */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When the account opened it, or marked all read; null while unread. */
    readAt: timestamp({ withTimezone: true }),
    /** When the worker planned its deliveries by SMS, email and push (alert-deliveries.ts); null until then. */
    plannedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    // Once per event and person, however many workers produce it at once.
    uniqueIndex('alerts_once').on(t.instituteId, t.userId, t.studentId, t.kind, t.eventKey),
    // The bell: an account's newest first.
    index('alerts_of_account').on(t.instituteId, t.userId, t.createdAt),
    // The planning job's batches: the alerts not planned yet (few at any time).
    index('alerts_to_plan')
      .on(t.instituteId, t.id)
      .where(sql`${t.plannedAt} is null`),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * An account's alert settings (issue 31), as its changes to the domain's defaults (alerts-settings.ts): no row means
 * every default. One row per account, written whole by the profile's alerts section.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    instituteId: integer().notNull(),
    userId: integer().notNull(),
    /** Per kind and channel, where the account differs from the default: `{ "notice": { "push": false } }`. */
    channels: jsonb().$type<Partial<Record<string, Partial<Record<string, boolean>>>>>().notNull(),
    quietStart: text().notNull(),
    quietEnd: text().notNull(),
    /** Kinds that go out in quiet hours too. */
    urgent: jsonb().$type<string[]>().notNull(),
    /** Per channel, the local time of its daily digest: `{ "email": "18:00" }`. */
    digest: jsonb().$type<Partial<Record<string, string>>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.userId] }),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A browser's Web Push subscription (issue 31): where the push service accepts messages for it and the keys a
 * message is encrypted with (RFC 8291). One browser is subscribed for one account at a time: signing in as another
 * moves it. A push service answering 404 or 410 has dropped it, and the row goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    uniqueIndex('push_subscriptions_endpoint').on(t.instituteId, t.endpoint),
    index('push_subscriptions_of_account').on(t.instituteId, t.userId),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
