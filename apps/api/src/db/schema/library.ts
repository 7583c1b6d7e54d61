import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { standards } from './academics.ts';
import { institutes } from './institutes.ts';
import { products } from './products.ts';

/** What a library file or document is (the viewer picks its overlay from it). */
export const mediaKind = pgEnum('media_kind', [
  'pdf',
  'office',
  'image',
  'audio',
  'video',
  'youtube',
  'vimeo',
  'vdocipher',
  'other',
]);

/**
 * A study library course (spec part 2 §3, Course entry): free courses are a standard's (schools) or master
 * course's material for the students enrolled in it; paid courses belong to a product and open to its buyers only.
 */
export const libraryCourses = pgTable(
  'library_courses',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    isPaid: boolean().notNull(),
    /** The course-type chip (1 free, 2 paid) the list is filtered by. */
    courseTypeId: smallint().notNull(),
    /** Free courses: the standard whose students it is for. */
    standardId: integer(),
    /** Paid courses: the product that sells it. */
    productId: integer(),
    /**
     * Bumped by database triggers whenever the course's subjects, topics or files change in what the study-material
     * answer shows (not their download and watch counts): a kept answer is good while this is unchanged.
     */
    materialVersion: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.standardId], foreignColumns: [standards.instituteId, standards.id] }),
    foreignKey({ columns: [t.instituteId, t.productId], foreignColumns: [products.instituteId, products.id] }),
    index().on(t.instituteId, t.standardId),
    index().on(t.instituteId, t.productId),
    check(
      'library_courses_entitlement',
      sql`(${t.isPaid} and ${t.productId} is not null) or (not ${t.isPaid} and ${t.standardId} is not null)`,
    ),
  ],
);

/** A subject of a library course. */
export const librarySubjects = pgTable(
  'library_subjects',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    courseId: integer().notNull(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.courseId],
      foreignColumns: [libraryCourses.instituteId, libraryCourses.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.courseId),
  ],
);

/** A topic of a subject; `parentId` nests subtopics to any depth (null: a subject's top-level topic). */
export const libraryTopics = pgTable(
  'library_topics',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    courseId: integer().notNull(),
    subjectId: integer().notNull(),
    parentId: integer(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.subjectId],
      foreignColumns: [librarySubjects.instituteId, librarySubjects.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.instituteId, t.parentId], foreignColumns: [t.instituteId, t.id] }).onDelete('cascade'),
    // A course's whole tree in one scan; the recursive step follows (institute_id, parent_id).
    index().on(t.instituteId, t.courseId),
    index().on(t.instituteId, t.parentId),
  ],
);

/** A file or hosted video in a topic (spec part 2 §3, Study material item). */
export const libraryFiles = pgTable(
  'library_files',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    courseId: integer().notNull(),
    topicId: integer().notNull(),
    title: text().notNull(),
    /** The grouping key (Notes, Slides, EBook, AudioNotes, Vimeo, YoutubeURL, VDOCipher, …). */
    type: text().notNull(),
    kind: mediaKind().notNull(),
    /** The name the file was shared under (its extension decides the viewer); empty for hosted videos. */
    fileName: text().notNull().default(''),
    fileKey: text(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** YouTube, Vimeo or VdoCipher id of a hosted video. */
    videoId: text(),
    isReadonly: boolean().notNull().default(false),
    sharedOn: date({ mode: 'string' }).notNull(),
    /** Storage keys of the item's poster images (spec part 2 §3 posterList), in the order they are shown. */
    posterKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    downloadCount: integer().notNull().default(0),
    watchCount: integer().notNull().default(0),
    watchSeconds: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.topicId],
      foreignColumns: [libraryTopics.instituteId, libraryTopics.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.courseId),
    index().on(t.instituteId, t.topicId),
    index().on(t.instituteId, t.videoId),
  ],
);
