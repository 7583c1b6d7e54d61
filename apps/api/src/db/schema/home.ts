import {
  boolean,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';

/** Notices for students and parents, addressed to batches/sections or (with no audience rows) to everyone. */
export const announcements = pgTable(
  'announcements',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    /** HTML, sanitised when written through the admin API and again when served (lib/staff-html.ts). */
    descriptionHtml: text().notNull(),
    updatedBy: text().notNull(),
    announcedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    imageFileKey: text(),
    attachmentFileKey: text(),
    attachmentName: text(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] }), index().on(t.instituteId, t.isActive, t.announcedAt)],
);

export const announcementAudiences = pgTable(
  'announcement_audiences',
  {
    instituteId: integer().notNull(),
    announcementId: integer().notNull(),
    batchId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.announcementId, t.batchId] }),
    foreignKey({
      columns: [t.instituteId, t.announcementId],
      foreignColumns: [announcements.instituteId, announcements.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.batchId),
  ],
);

export const bannerKind = pgEnum('banner_kind', ['banner', 'promo']);

/** Home-page banners (carousel) and the promotional pop-up. */
export const banners = pgTable(
  'banners',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    kind: bannerKind().notNull(),
    webUrl: text().notNull(),
    isRedirect: boolean().notNull().default(false),
    redirectLink: text().notNull().default(''),
    /** An app screen label (TIME TABLE, MY EXAM, …) the banner lands on; empty for none. */
    landingScreen: text().notNull().default(''),
    /** What the banner says (its headline), read to screen readers instead of "Banner 1 of 5". */
    altText: text().notNull().default(''),
    /** User types that see it; empty means everyone. */
    userTypes: smallint().array().notNull().default([]),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] }), index().on(t.instituteId, t.kind, t.isActive, t.sortOrder)],
);
