import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Office documents converted to PDF for their preview (lib/office-preview.ts), one row per stored source file:
 * the PDF's storage key, or `failed` when the converter could not read the file (the preview then says so).
 */
export const officePreviews = pgTable('office_previews', {
  sourceFileKey: text().primaryKey(),
  previewFileKey: text(),
  failed: boolean().notNull().default(false),
  convertedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
