import { pgTable, text } from 'drizzle-orm/pg-core';

/** Server-wide values every API process must share, such as the key that signs file URLs. */
export const serverSettings = pgTable('server_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
});
