import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';
import { users } from './users.ts';

/** What a session credential is good for: the main API, the exam service, or the score card. */
export const sessionScope = pgEnum('session_scope', ['main', 'examdesk', 'scorecard']);

/**
 * Server-side sessions. The browser holds the random token; only its SHA-256 is stored, so a database leak
 * yields no usable credential. A login creates one row per scope, sharing `login_id`.
 */
export const sessions = pgTable(
  'sessions',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    loginId: text().notNull(),
    scope: sessionScope().notNull(),
    tokenHash: text().notNull(),
    /** The account that signed in (the parent for parent logins). */
    accountUserId: integer().notNull(),
    /** The user whose data the session views (the chosen child for parent logins). */
    userId: integer().notNull(),
    studentId: integer(),
    userType: integer().notNull(),
    deviceId: text().notNull(),
    source: text().notNull().default('WEB'),
    /** Academic years the credential may name. */
    academicYearIds: integer().array().notNull(),
    mustChangePassword: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.accountUserId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    // Looked up by the host's institute and the token (a token of another institute names nothing here).
    uniqueIndex().on(t.instituteId, t.tokenHash),
    index().on(t.instituteId, t.accountUserId, t.expiresAt),
  ],
);

/**
 * Attempt counters for lock-outs and limits that must hold across API processes (login failures per account
 * and address, per account, old-password guesses, forgot-password requests per phone and per address). A
 * request reserves its attempt with one atomic upsert before the work it guards, so parallel requests cannot
 * all read the same count.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    instituteId: integer().notNull(),
    /** What is counted: 'login_pair', 'login_account', 'change_password', 'forgot_phone', 'forgot_address'. */
    bucket: text().notNull(),
    /** The counted thing within the bucket (a login, a login and an address, a phone, an address). */
    key: text().notNull(),
    attempts: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.bucket, t.key] })],
);

/**
 * Every text the institute sends to a phone: a sender delivers it and marks it sent, and it stays as the phone's
 * inbox (Messages). A temporary password is kept apart from the text, which holds the mask in its place, so the
 * inbox shows it only while it can still sign in (unexpired, unused, not replaced by a newer one).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    /** The number without the country calling code, as users.phone holds it. */
    phone: text().notNull(),
    /** 'forgot_password' (a temporary password), 'notice', 'fee_reminder', … */
    purpose: text().notNull(),
    /** The text as the inbox shows it; a secret's place holds the mask. */
    body: text().notNull(),
    /** A temporary password in the text, the account it signs in and when it expires. */
    secret: text(),
    secretUserId: integer(),
    secretExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    index().on(t.instituteId, t.phone, t.createdAt),
    // The sms-sweep job's query: texts the portal delivers that have not gone, by age (few at any time).
    index('sms_outbox_to_send')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.purpose} in ('forgot_password', 'first_password', 'alert')`),
  ],
);

/**
 * A temporary password from forgot-password: valid 15 minutes and for one sign-in; the old password keeps working
 * meanwhile.
 */
export const temporaryPasswords = pgTable(
  'temporary_passwords',
  {
    instituteId: integer().notNull(),
    userId: integer().notNull(),
    passwordHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set by the first sign-in with it: a temporary password signs in once (the password change still takes it). */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.userId] }),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Single sign-on: a link token (10 minutes, exchanged once) and the login key it yields (accepted once). */
export const ssoTokenKind = pgEnum('sso_token_kind', ['link', 'key']);

export const ssoTokens = pgTable(
  'sso_tokens',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    kind: ssoTokenKind().notNull(),
    tokenHash: text().notNull(),
    userId: integer().notNull(),
    redirectUrl: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex().on(t.instituteId, t.tokenHash),
    index()
      .on(t.instituteId, t.userId)
      .where(sql`${t.usedAt} is null`),
  ],
);

/** API keys an institute's own system uses for server-to-server calls (minting SSO links). Stored hashed. */
export const instituteApiKeys = pgTable(
  'institute_api_keys',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    keyHash: text().primaryKey(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.instituteId)],
);
