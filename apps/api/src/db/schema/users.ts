import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { academicYears, batches } from './academics.ts';
import { institutes } from './institutes.ts';

/**
 * Everyone who signs in: user_type 1 student, 99 open-course buyer, any other type a parent.
 * One phone may hold several profiles in one institute (a student and a parent, say).
 */
export const users = pgTable(
  'users',
  {
    instituteId: integer()
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    userType: smallint().notNull(),
    name: text().notNull(),
    phone: text(),
    email: text(),
    // argon2id PHC string; never leaves the server.
    passwordHash: text().notNull(),
    photoUrl: text().notNull().default(''),
    isBlocked: boolean().notNull().default(false),
    // The spec's is_login_allowed: anything but 1 refuses sign-in for fee dues.
    isLoginAllowed: smallint().notNull().default(1),
    // When set, sign-in is allowed only from this device id (login_option 11 otherwise).
    registeredDeviceId: text(),
    joinDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    index().on(t.instituteId, t.phone),
    index('users_institute_id_email_lower_idx').on(t.instituteId, sql`lower(${t.email})`),
  ],
);

/** The student profile of a user_type 1 account. */
export const students = pgTable(
  'students',
  {
    instituteId: integer().notNull(),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    displayId: text().notNull(),
    // Profile (spec part 1 §3). Empty strings and nulls show as '-'.
    gender: text().notNull().default(''),
    dob: date({ mode: 'string' }),
    birthPlace: text().notNull().default(''),
    religion: text().notNull().default(''),
    bloodGroup: text().notNull().default(''),
    motherTongue: text().notNull().default(''),
    country: text().notNull().default(''),
    state: text().notNull().default(''),
    address: text().notNull().default(''),
    permanentAddress: text().notNull().default(''),
    aadharNo: text().notNull().default(''),
    parentName: text().notNull().default(''),
    parentEmail: text().notNull().default(''),
    parentProfession: text().notNull().default(''),
    parentPhone: text().notNull().default(''),
    parentAadharNo: text().notNull().default(''),
    guardianName: text().notNull().default(''),
    guardianPhone: text().notNull().default(''),
    guardianEmail: text().notNull().default(''),
    /** Storage key of the uploaded photo, served through a signed URL. */
    photoFileKey: text(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.userId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex().on(t.instituteId, t.userId),
    uniqueIndex().on(t.instituteId, t.displayId),
  ],
);

/** Which students a parent account may view. */
export const studentParents = pgTable(
  'student_parents',
  {
    instituteId: integer().notNull(),
    parentUserId: integer().notNull(),
    studentId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.parentUserId, t.studentId] }),
    foreignKey({ columns: [t.instituteId, t.parentUserId], foreignColumns: [users.instituteId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    index().on(t.instituteId, t.studentId),
  ],
);

/** A student's place (standard and section, or course and batch) in one academic year. */
export const enrolments = pgTable(
  'enrolments',
  {
    instituteId: integer().notNull(),
    studentId: integer().notNull(),
    academicYearId: integer().notNull(),
    batchId: integer().notNull(),
    rollNo: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.studentId, t.academicYearId, t.batchId] }),
    foreignKey({ columns: [t.instituteId, t.studentId], foreignColumns: [students.instituteId, students.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.instituteId, t.academicYearId],
      foreignColumns: [academicYears.instituteId, academicYears.id],
    }),
    foreignKey({ columns: [t.instituteId, t.batchId], foreignColumns: [batches.instituteId, batches.id] }),
    index().on(t.instituteId, t.batchId),
  ],
);
