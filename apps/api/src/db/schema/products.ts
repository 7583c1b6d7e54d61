import { date, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';
import { users } from './users.ts';

/** E-course products an institute sells. Money in paise. */
export const products = pgTable(
  'products',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    aboutHtml: text().notNull().default(''),
    photoUrl: text().notNull().default(''),
    logoUrl: text().notNull().default(''),
    pricePaise: integer().notNull().default(0),
    currencyCode: text().notNull().default('INR'),
    /** Category (coaching) or standard (school) shown on the card. */
    category: text().notNull().default(''),
    courseType: text().notNull().default(''),
    /** Sample videos: YouTube addresses and direct mp4/webm/ogg files. */
    sampleVideoUrls: text().array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] })],
);

/** What a product contains, item type by item type, and where the buyer finds it. */
export const productItemTypes = pgTable(
  'product_item_types',
  {
    instituteId: integer().notNull(),
    productId: integer().notNull(),
    itemType: text().notNull(),
    description: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.productId, t.itemType] }),
    foreignKey({ columns: [t.instituteId, t.productId], foreignColumns: [products.instituteId, products.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A user's purchase (or free enrolment) of a product. */
export const productPurchases = pgTable(
  'product_purchases',
  {
    instituteId: integer().notNull(),
    userId: integer().notNull(),
    productId: integer().notNull(),
    publicOrderId: text().notNull(),
    enrolledOn: date({ mode: 'string' }).notNull(),
    expiresOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.userId, t.productId] }),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.productId], foreignColumns: [products.instituteId, products.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.productId),
  ],
);
