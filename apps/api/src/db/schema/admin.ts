import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';

/**
 * Keys an institute's own system uses for the admin API (`/api/admin/v1`). Kept apart from the SSO keys
 * (`institute_api_keys`): an admin key writes every entity of the institute, an SSO key only mints sign-in links,
 * so neither store can be used for the other's power, and each has its own life (names, revocation, last use).
 * Only the SHA-256 of the key is stored: the key is 256 random bits, so there is nothing to guess and nothing for a
 * slow hash (argon2) to slow down; a fast hash keeps the lookup one index probe per request.
 */
export const adminApiKeys = pgTable(
  'admin_api_keys',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    keyHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    uniqueIndex().on(t.keyHash),
    uniqueIndex().on(t.instituteId, t.name),
  ],
);

/**
 * The institute's own ids of the rows it loaded, per entity kind (`students`, `batches`, …): one table for every
 * kind, so a new kind needs no migration of the area's table and the areas' tables stay as their screens need
 * them. A soft-deleted row keeps its mapping with `deleted_at` set (and its history); upserting it again restores
 * it.
 */
export const adminExternalIds = pgTable(
  'admin_external_ids',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    externalId: text().notNull(),
    internalId: integer().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.kind, t.externalId] }),
    uniqueIndex().on(t.instituteId, t.kind, t.internalId),
  ],
);

/** Every admin write, one row per entity row created, updated, deleted or restored (by the API or the import). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    /** The admin API key that wrote it; null for the command-line import (source 'import'). */
    keyId: integer(),
    source: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
    /** 'create', 'update', 'delete' or 'restore'. */
    action: text().notNull(),
    externalId: text().notNull(),
    /** The row's internal id before the write (null on create) and after it (null on a hard delete). */
    beforeId: integer(),
    afterId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.keyId], foreignColumns: [adminApiKeys.instituteId, adminApiKeys.id] }),
    index().on(t.instituteId, t.kind, t.externalId),
    index().on(t.instituteId, t.at),
  ],
);

/**
 * Files the institute's system uploaded through the admin API (`POST /api/admin/v1/files`) or the import, by its own
 * external id. Rows of other kinds name them (`file_external_id`) and copy the storage key, name and size into their
 * own columns, so the screens read their rows as before. The admin file owns the stored object: uploading new
 * content under the same external id moves every row that names the old key to the new one, and the old object goes.
 */
export const adminFiles = pgTable(
  'admin_files',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    externalId: text().notNull(),
    fileKey: text().notNull(),
    /** The name it was sent under (its extension decides the viewer), cleaned. */
    fileName: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    uniqueIndex().on(t.instituteId, t.externalId),
    uniqueIndex().on(t.instituteId, t.fileKey),
  ],
);
