import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { batches } from './academics.ts';
import { examTests } from './exam.ts';
import { students } from './users.ts';

const marks = () => numeric({ precision: 8, scale: 2, mode: 'number' });

/**
 * Each user's ranked attempt at a test whose result is released (their best score; the earlier attempt on a tie),
 * written set-based by one `rank() over (partition by test order by score desc)` statement when the result is
 * released, by the background ranker after a later submission, or by a report (report/ranking.repository.ts `rankTest`). Reports read
 * one row by key: no sort per request, however many took the test.
 */
export const reportResults = pgTable(
  'report_results',
  {
    instituteId: integer().notNull(),
    testId: integer().notNull(),
    userId: integer().notNull(),
    attemptId: integer().notNull(),
    score: marks().notNull(),
    /** Competition ranking (1, 2, 2, 4). */
    rank: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.testId, t.userId] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
    // No index on rank: only the ranking reads the topper (one sort inside it). With one, the planner took it over
    // the primary key for a user's row whenever the statistics predated the ranking (all 50,000 rows filtered).
  ],
);

/** A ranked test's figures over all its ranked attempts: students appeared, the average, the topper. */
export const reportTestStats = pgTable(
  'report_test_stats',
  {
    instituteId: integer().notNull(),
    testId: integer().notNull(),
    students: integer().notNull(),
    avgMarks: marks().notNull(),
    avgCorrect: marks().notNull(),
    avgIncorrect: marks().notNull(),
    avgAttempted: marks().notNull(),
    avgTimeSeconds: integer().notNull(),
    topperAttemptId: integer(),
    rankedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.testId] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Released tests whose stored ranks are stale: a submission after the release marks its test here (one upsert, so
 * the submission never waits for a ranking), and the report area's ranker ranks it in the background
 * (report/ranking.repository.ts `rankStaleTests`). `marks` counts the submissions since the mark was made: the ranker
 * removes the row only when no submission marked it again while it ranked.
 */
export const reportStaleTests = pgTable(
  'report_stale_tests',
  {
    instituteId: integer().notNull(),
    testId: integer().notNull(),
    marks: integer().notNull().default(1),
    staleSince: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.testId] }),
    foreignKey({ columns: [t.instituteId, t.testId], foreignColumns: [examTests.instituteId, examTests.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A subject of an offline exam and its maximum marks. */
export interface OfflineSubject {
  name: string;
  totalMarks: number;
}

/** Offline (classroom) exams of a batch (section for schools) — spec part 2 §3 Offline exam record. */
export const reportOfflineExams = pgTable(
  'report_offline_exams',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    batchId: integer().notNull(),
    examDate: date({ mode: 'string' }).notNull(),
    /** HH:mm in the institute's time zone. */
    startTime: text().notNull(),
    endTime: text().notNull(),
    topicName: text().notNull().default(''),
    description: text().notNull().default(''),
    subjects: jsonb().$type<OfflineSubject[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.batchId], foreignColumns: [batches.instituteId, batches.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.batchId, t.examDate),
    // Offline result alerts (features/alerts): the exams of the last 30 days, of any batch.
    index('report_offline_exams_by_date').on(t.instituteId, t.examDate),
  ],
);

/** A student's result in one subject of an offline exam: attendance (P present), marks and rank. */
export const reportOfflineMarks = pgTable(
  'report_offline_marks',
  {
    instituteId: integer().notNull(),
    examId: integer().notNull(),
    studentId: integer().notNull(),
    subjectName: text().notNull(),
    attendance: text().notNull(),
    marksObtained: marks(),
    rank: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.examId, t.studentId, t.subjectName] }),
    foreignKey({
      columns: [t.instituteId, t.examId],
      foreignColumns: [reportOfflineExams.instituteId, reportOfflineExams.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.studentId),
    check('report_offline_marks_rank', sql`${t.rank} is null or ${t.rank} >= 1`),
  ],
);
