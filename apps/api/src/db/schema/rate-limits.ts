import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests counted against the per-address limits (login, forgot password, SSO exchange), shared by every API
 * process (lib/rate-limit-store.ts). One row per limit key (route and address) and fixed window; a row is removed
 * once its window has ended. Global, not per institute: the limit is met before the institute is known.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** The route and the client address, as @fastify/rate-limit names them (`POST/api/v2/user/v3/login-1.2.3.4`). */
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    /** When the window ends: the row is useless from then on and the clean-up removes it. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.expiresAt)],
);
