import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';

/** Homework (schools) or assignments (coaching) set for one batch/section and subject. */
export const assignments = pgTable(
  'assignments',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    batchId: integer().notNull(),
    subjectId: integer().notNull(),
    title: text().notNull(),
    topicName: text().notNull().default(''),
    subTopicName: text().notNull().default(''),
    descriptionHtml: text().notNull().default(''),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    isLateAllowed: boolean().notNull().default(false),
    isEvaluationRequired: boolean().notNull().default(true),
    isGradeEnabled: boolean().notNull().default(false),
    maxMarks: real(),
    isSolutionReleased: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    index().on(t.instituteId, t.batchId, t.dueAt),
    // Homework alerts (features/alerts): the assignments set in the last day.
    index('assignments_created').on(t.instituteId, t.createdAt),
  ],
);

export const submissionStatus = pgEnum('submission_status', ['Draft', 'Submitted']);

/** A student's work on an assignment: one row per student and assignment, however often it is saved. */
export const submissions = pgTable(
  'submissions',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    assignmentId: integer().notNull(),
    studentId: integer().notNull(),
    status: submissionStatus().notNull(),
    studentComment: text().notNull().default(''),
    submittedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    teacherStatus: text().notNull().default('Pending'),
    marks: real(),
    grade: text().notNull().default(''),
    teacherComment: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.assignmentId],
      foreignColumns: [assignments.instituteId, assignments.id],
    }).onDelete('cascade'),
    uniqueIndex().on(t.instituteId, t.assignmentId, t.studentId),
    index().on(t.instituteId, t.studentId),
  ],
);

export const attachmentKind = pgEnum('attachment_kind', ['teacher', 'solution', 'student_file', 'student_link']);

/**
 * Every file or link of an assignment in one table, so an attachment id names one thing whoever owns it:
 * the teacher's attachments, released solutions, and students' files and links (with their submission).
 */
export const assignmentAttachments = pgTable(
  'assignment_attachments',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    assignmentId: integer().notNull(),
    submissionId: integer(),
    kind: attachmentKind().notNull(),
    displayName: text().notNull(),
    fileKey: text(),
    sizeBytes: integer().notNull().default(0),
    sha256: text(),
    url: text(),
    remarks: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.assignmentId],
      foreignColumns: [assignments.instituteId, assignments.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.instituteId, t.submissionId],
      foreignColumns: [submissions.instituteId, submissions.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.assignmentId, t.kind),
    index().on(t.instituteId, t.submissionId),
    // A replayed upload of the same file under the same name adds nothing.
    uniqueIndex('assignment_attachments_same_file_idx')
      .on(t.instituteId, t.submissionId, t.sha256, t.displayName)
      .where(sql`${t.kind} = 'student_file'`),
  ],
);
