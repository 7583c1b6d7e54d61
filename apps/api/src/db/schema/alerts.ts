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
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    // Once per event and person, however many workers produce it at once.
    uniqueIndex('alerts_once').on(t.instituteId, t.userId, t.studentId, t.kind, t.eventKey),
    // The bell: an account's newest first.
    index('alerts_of_account').on(t.instituteId, t.userId, t.createdAt),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
  ],
);
