import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Office documents converted to PDF for their preview (lib/office-preview.ts), one row per stored source file:
 * the PDF's storage key, or `failed` when the file is not what its name says or the converter could not read it
 * (the preview then says so). A conversion stopped by a limit (time, memory) is no verdict: `attempts` counts such
 * stops and `retryAt` says when the minute's office-preview-retries job (or a request) may try again.
 */
export const officePreviews = pgTable(
  'office_previews',
  {
    sourceFileKey: text().primaryKey(),
    previewFileKey: text(),
    failed: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    retryAt: timestamp({ withTimezone: true }),
    convertedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The retries job's query: the few conversions a limit stopped, by when they may be tried again.
  (t) => [
    index('office_previews_to_retry')
      .on(t.retryAt)
      .where(sql`${t.previewFileKey} is null and not ${t.failed}`),
  ],
);
