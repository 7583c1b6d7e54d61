import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches, subjects } from './academics.ts';
import { institutes } from './institutes.ts';
import { students, users } from './users.ts';

/** What a schedule is (spec part 2 §3 `class_type`): a classroom class, an online live class, or an exam. */
export const classType = pgEnum('class_type', ['Class', 'Online Class', 'Online Exam', 'Offline Exam']);
/** Where an online class meets (spec part 2 §3 `live_meeting_with`): Zoom, Webex or the institute's own link. */
export const meetingProvider = pgEnum('meeting_provider', ['Zoom', 'Webex', 'other']);
/** Where a recording is played from (spec part 1 §9). */
export const videoHost = pgEnum('video_host', ['aws', 'vimeo', 'vdocipher']);

/** The teachers of an institute as schedules name them: a name and an optional photo (a stored file). */
export const teachers = pgTable(
  'teachers',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** Storage key of the photo, served through a signed address; null for none. */
    photoFileKey: text(),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] })],
);

/**
 * The one schedule model (spec part 2 §3 Timetable entry, part 1 §3 Live session): every class session of a batch
 * (coaching) or section (school) — classroom classes, online live classes and exams. Read by "a student's batches
 * in a window of start times", which the (institute, batch, start) index serves; online classes have their own
 * partial index for the live-class lists.
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    batchId: integer().notNull(),
    /** Null for an exam over several subjects. */
    subjectId: integer(),
    classType: classType().notNull(),
    /** The session name of a live class, the exam name of an exam; '' for a classroom class. */
    name: text().notNull().default(''),
    topics: text().notNull().default(''),
    description: text().notNull().default(''),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    /** Teachers in the order the card lists them. */
    teacherIds: integer().array().notNull().default([]),
    /** Online classes: the provider and the link the Join button opens. */
    meetingWith: meetingProvider(),
    sessionLink: text().notNull().default(''),
    /** Online exams: the test in the exam service. */
    testId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.batchId], foreignColumns: [batches.instituteId, batches.id] }),
    foreignKey({ columns: [t.instituteId, t.subjectId], foreignColumns: [subjects.instituteId, subjects.id] }),
    index().on(t.instituteId, t.batchId, t.startsAt),
    // What an attendance row's (session, batch) refers to: the mark carries its session's batch.
    unique('class_sessions_institute_id_id_batch_id_unique').on(t.instituteId, t.id, t.batchId),
    index('class_sessions_online_idx')
      .on(t.instituteId, t.batchId, t.startsAt)
      .where(sql`${t.classType} = 'Online Class'`),
    // Live-soon alerts (features/alerts), every minute: the online classes of any batch starting in 15 minutes.
    index('class_sessions_online_starts')
      .on(t.instituteId, t.startsAt)
      .where(sql`${t.classType} = 'Online Class'`),
    check('class_sessions_duration', sql`${t.durationMinutes} > 0`),
  ],
);

/**
 * Recordings of a live class (spec part 1 §3 Recording): an "aws" recording is a file in the project's storage;
 * vimeo and vdocipher ones are the provider's video id.
 */
export const classRecordings = pgTable(
  'class_recordings',
  {
    instituteId: integer().notNull(),
    /** The download id. */
    id: integer().generatedAlwaysAsIdentity(),
    sessionId: integer().notNull(),
    host: videoHost().notNull(),
    name: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull().default(0),
    durationSeconds: integer().notNull().default(0),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
    /** vimeo and vdocipher: the provider's video id. */
    providerVideoId: text(),
    /** aws: the storage key of the video file. */
    fileKey: text(),
    /** vimeo and vdocipher: plays started (`update-watch-count`). */
    watchCount: integer().notNull().default(0),
    /** vimeo and vdocipher: seconds watched (`allocateWatchHistory`); bigint so that repeated calls cannot overflow. */
    watchSeconds: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({
      columns: [t.instituteId, t.sessionId],
      foreignColumns: [classSessions.instituteId, classSessions.id],
    }).onDelete('cascade'),
    index().on(t.instituteId, t.sessionId),
    // The shared video calls look a recording up by its provider's id (the first one by id when shared).
    index().on(t.instituteId, t.providerVideoId, t.id),
    check(
      'class_recordings_source',
      sql`(${t.host} = 'aws' and ${t.fileKey} is not null) or (${t.host} <> 'aws' and ${t.providerVideoId} is not null)`,
    ),
  ],
);

/**
 * A student's attendance at one class session (spec part 2 §3 Attendance row): status P present, anything else
 * absent (A absent, L leave), homework status, remarks, homework notes, the class description and topic.
 */
export const attendance = pgTable(
  'attendance',
  {
    instituteId: integer().notNull(),
    studentId: integer().notNull(),
    sessionId: integer().notNull(),
    /**
     * The session's batch, so that a student's totals per batch read their own marks (one index range) instead of
     * joining the batch's year of sessions. The foreign key keeps it equal to the session's, also when a session
     * moves to another batch.
     */
    batchId: integer().notNull(),
    status: text().notNull(),
    homeworkStatus: text().notNull().default(''),
    remark: text().notNull().default(''),
    homeworkAssigned: text().notNull().default(''),
    note: text().notNull().default(''),
    topicsCovered: text().notNull().default(''),
  },
  (t) => [
    // Looked up per (student, session) from the sessions a window selected.
    primaryKey({ columns: [t.instituteId, t.studentId, t.sessionId] }),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'attendance_session_batch_fk',
      columns: [t.instituteId, t.sessionId, t.batchId],
      foreignColumns: [classSessions.instituteId, classSessions.id, classSessions.batchId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index().on(t.instituteId, t.sessionId),
    // The year's totals per batch (present and marked) as an index-only scan of the student's marks.
    index().on(t.instituteId, t.studentId, t.batchId, t.status),
  ],
);

/**
 * A personal calendar feed of a student's timetable: the SHA-256 of the long random secret its address carries (the
 * secret itself is shown once, when made). One per account and student it shows: the student's own login and each
 * parent's login (per child) have their own, so making or revoking one never touches another's subscription.
 * Making a new one replaces the account's, revoking deletes it; a parent's stops when the parent loses the child.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    instituteId: integer().notNull(),
    /** The login that made it and alone may replace or revoke it (the parent, for a parent login). */
    accountUserId: integer().notNull(),
    studentId: integer().notNull(),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.accountUserId, t.studentId] }),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.accountUserId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.studentId),
    uniqueIndex().on(t.instituteId, t.secretHash),
  ],
);
