import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { subjects } from './academics.ts';
import { institutes } from './institutes.ts';
import { libraryCourses, mediaKind } from './library.ts';

/**
 * Documents an institute shares (spec part 1 §2 Documents, §3): with the students of a subject (share_with 2), or
 * with the open-course users of an e-course.
 */
export const documents = pgTable(
  'documents',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    /** Shared with the students of this subject (its standard's sections). */
    subjectId: integer(),
    /** Shared with the open-course users entitled to this e-course. */
    courseId: integer(),
    /** Assignment, EBook, Exam, Vimeo, Youtube or Other. */
    category: text().notNull(),
    title: text().notNull(),
    kind: mediaKind().notNull(),
    fileName: text().notNull().default(''),
    fileKey: text(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    videoId: text(),
    isReadonly: boolean().notNull().default(false),
    sharedOn: date({ mode: 'string' }).notNull(),
    downloadCount: integer().notNull().default(0),
    watchCount: integer().notNull().default(0),
    watchSeconds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.subjectId], foreignColumns: [subjects.instituteId, subjects.id] }),
    foreignKey({
      columns: [t.instituteId, t.courseId],
      foreignColumns: [libraryCourses.instituteId, libraryCourses.id],
    }),
    index().on(t.instituteId, t.subjectId, t.sharedOn),
    index().on(t.instituteId, t.courseId, t.sharedOn),
    index().on(t.instituteId, t.videoId),
    check('documents_audience', sql`(${t.subjectId} is null) <> (${t.courseId} is null)`),
    check('documents_category', sql`${t.category} in ('Assignment', 'EBook', 'Exam', 'Vimeo', 'Youtube', 'Other')`),
  ],
);
