import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches, subjects } from './academics.ts';
import { institutes } from './institutes.ts';
import { products } from './products.ts';
import { students, users } from './users.ts';

const instituteRef = () =>
  integer()
    .notNull()
    .references(() => institutes.id, { onDelete: 'cascade' });

/** Marks with two decimals (4, 0.25, 1.33). */
const marks = () => numeric({ precision: 8, scale: 2, mode: 'number' });

/** Labels that group an institute's tests on the desk (spec part 2 §3 Test label). */
export const examLabels = pgTable(
  'exam_labels',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** 1 mock, 2 practice, 4 online. */
    testTypeId: smallint().notNull(),
    title: text().notNull().default(''),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] }), check('exam_labels_type', sql`${t.testTypeId} in (1, 2, 4)`)],
);

/**
 * Online tests (spec part 2 §3 Online exam): a window (start and end), a duration, an attempt limit for practice
 * tests (0 none; mock and online tests allow one), the result's release. A test without a label is listed under
 * the placeholder label of its type.
 */
export const examTests = pgTable(
  'exam_tests',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    labelId: integer(),
    name: text().notNull(),
    title: text().notNull().default(''),
    testTypeId: smallint().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    testLimit: integer().notNull().default(0),
    isResultPublished: boolean().notNull().default(false),
    /**
     * Bumped by database triggers whenever the paper's sections, passages or questions change (migration 0026):
     * the panel keeps a paper's answer, compressed, while it is unchanged.
     */
    paperVersion: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.labelId], foreignColumns: [examLabels.instituteId, examLabels.id] }),
    index().on(t.instituteId, t.labelId),
    check('exam_tests_type', sql`${t.testTypeId} in (1, 2, 4)`),
    check('exam_tests_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('exam_tests_duration', sql`${t.durationMinutes} > 0`),
    check('exam_tests_limit', sql`${t.testLimit} >= 0`),
  ],
);

/** Which batches (sections) a test is set for. */
export const examTestBatches = pgTable(
  'exam_test_batches',
  {
    instituteId: integer().notNull(),
    testId: integer().notNull(),
    batchId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.testId, t.batchId] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.batchId], foreignColumns: [batches.instituteId, batches.id] }),
    // "the tests of these batches".
    index().on(t.instituteId, t.batchId),
  ],
);

/** Tests sold in a product, as its Mock_Test or Online_Test items. */
export const examProductTests = pgTable(
  'exam_product_tests',
  {
    instituteId: integer().notNull(),
    productId: integer().notNull(),
    testId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.productId, t.testId] }),
    foreignKey({ columns: [t.instituteId, t.productId], foreignColumns: [products.instituteId, products.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.testId),
  ],
);

/** Sections of a paper, by subject. */
export const examSections = pgTable(
  'exam_sections',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    testId: integer().notNull(),
    name: text().notNull(),
    subjectId: integer(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.subjectId], foreignColumns: [subjects.instituteId, subjects.id] }),
    // One section of a name per test: two imports naming a new section at once get the same one (the writer's upsert).
    uniqueIndex().on(t.instituteId, t.testId, t.name),
  ],
);

/** Passages that several questions read (comprehension). */
export const examPassages = pgTable(
  'exam_passages',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    testId: integer().notNull(),
    /** HTML. */
    text: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.testId),
  ],
);

/** An option or a matching column entry: its letter and HTML text. */
export interface LetteredText {
  letter: string;
  text: string;
}

/**
 * Questions of a paper, in order (question_no = position). The key (`correct`) and the solution never leave the
 * server with the paper.
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    testId: integer().notNull(),
    sectionId: integer().notNull(),
    passageId: integer(),
    /** 1-based position in the paper. */
    questionNo: integer().notNull(),
    /** 1 single, 2 subjective, 3 multiple, 5 true/false, 6 and 7 matching. */
    quesType: smallint().notNull(),
    question: text().notNull(),
    /** image, audio or video with a stored file key. */
    mediaType: text(),
    mediaFileKey: text(),
    options: jsonb().$type<LetteredText[]>().notNull().default([]),
    matchOptions: jsonb().$type<LetteredText[]>().notNull().default([]),
    /** The key in the question type's answer format (exam-rules `ScoredQuestion.correct`). */
    correct: text().notNull().default(''),
    solution: text().notNull().default(''),
    marks: marks().notNull(),
    negativeMarks: marks().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.sectionId], foreignColumns: [examSections.instituteId, examSections.id] }),
    foreignKey({ columns: [t.instituteId, t.passageId], foreignColumns: [examPassages.instituteId, examPassages.id] }),
    uniqueIndex().on(t.instituteId, t.testId, t.questionNo),
    check('exam_questions_type', sql`${t.quesType} in (1, 2, 3, 5, 6, 7)`),
    check('exam_questions_marks', sql`${t.marks} >= 0 and ${t.negativeMarks} >= 0`),
  ],
);

/**
 * A student's attempts at a test. The attempt limit holds in the database: attempt numbers are unique per student
 * and test (two parallel starts cannot both take number 1), and at most one attempt per student and test is open.
 * The attempt credential is stored as its SHA-256 only.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    testId: integer().notNull(),
    /** The student who took it; null for an open-course buyer (user_type 99), who has no student row. */
    studentId: integer(),
    /** The user who took it (the student's login, or the buyer): attempts are counted per user. */
    userId: integer().notNull(),
    attemptNo: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** The start plus the duration, cut at the window's end. */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    /** student, or auto when the time ran out. */
    submittedBy: text(),
    credentialHash: text().notNull(),
    score: marks(),
    /** The stored result for reports: totals and the per-question verdicts. */
    result: jsonb(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex().on(t.instituteId, t.testId, t.userId, t.attemptNo),
    uniqueIndex('exam_attempts_one_open')
      .on(t.instituteId, t.testId, t.userId)
      .where(sql`${t.submittedAt} is null`),
    index().on(t.instituteId, t.studentId),
    // An open-course buyer's attempts (no student id: bookmarks and reports look them up by user), and the
    // cascade when a user is deleted.
    index().on(t.instituteId, t.userId),
    uniqueIndex().on(t.instituteId, t.credentialHash),
    // The sweep: open attempts past their end.
    index('exam_attempts_open_ends_at')
      .on(t.endsAt)
      .where(sql`${t.submittedAt} is null`),
    check('exam_attempts_no', sql`${t.attemptNo} >= 1`),
  ],
);

/**
 * Credentials an attempt has had before its current one (a Resume in another window takes it over), as their
 * SHA-256: a request with one is told the test continues in another window (ATTEMPT_SUPERSEDED), not just refused.
 */
export const examSupersededCredentials = pgTable(
  'exam_superseded_credentials',
  {
    instituteId: integer().notNull(),
    credentialHash: text().notNull(),
    attemptId: integer().notNull(),
    supersededAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.credentialHash] }),
    foreignKey({
      columns: [t.instituteId, t.attemptId],
      foreignColumns: [examAttempts.instituteId, examAttempts.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.attemptId),
  ],
);

/**
 * The answers of an attempt, one row per question. A save is an upsert that writes only when its client sequence
 * number is above the stored one, so a replayed or an older save arriving late changes nothing.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    instituteId: integer().notNull(),
    attemptId: integer().notNull(),
    questionNo: integer().notNull(),
    answer: text().notNull().default(''),
    seq: integer().notNull(),
    markedForReview: boolean().notNull().default(false),
    bookmarked: boolean().notNull().default(false),
    savedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.attemptId, t.questionNo] }),
    foreignKey({
      columns: [t.instituteId, t.attemptId],
      foreignColumns: [examAttempts.instituteId, examAttempts.id],
    }).onDelete('cascade'),
  ],
);

/** Single-use launch tokens (two minutes) that open the panel window; stored as their SHA-256. */
export const examLaunchTokens = pgTable(
  'exam_launch_tokens',
  {
    instituteId: integer().notNull(),
    tokenHash: text().notNull(),
    testId: integer().notNull(),
    studentId: integer(),
    userId: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.tokenHash] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    index().on(t.expiresAt),
  ],
);
