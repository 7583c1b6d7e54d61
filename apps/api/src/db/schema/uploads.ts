import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Files written to storage whose database rows are not committed yet; what remains at start-up is removed. */
export const pendingFiles = pgTable('pending_files', {
  fileKey: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Answers of writes sent with an Idempotency-Key, so a retry gets the first answer instead of a second write. */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    instituteId: integer().notNull(),
    userId: integer().notNull(),
    key: text().notNull(),
    /** The endpoint the key was first sent to (its descriptor id). */
    route: text().notNull().default(''),
    /** SHA-256 of the request first sent with the key: the same key with another request is refused. */
    requestHash: text().notNull().default(''),
    answer: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.userId, t.key] })],
);
