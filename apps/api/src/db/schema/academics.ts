import { date, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { institutes } from './institutes.ts';

const instituteRef = () =>
  integer()
    .notNull()
    .references(() => institutes.id, { onDelete: 'cascade' });

export const academicYears = pgTable(
  'academic_years',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] }), index().on(t.instituteId, t.startDate)],
);

/** A school's standard (class) or a coaching institute's master course. */
export const standards = pgTable(
  'standards',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.id] })],
);

/** A school's section or a coaching institute's batch, within one standard and academic year. */
export const batches = pgTable(
  'batches',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    standardId: integer().notNull(),
    academicYearId: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.standardId], foreignColumns: [standards.instituteId, standards.id] }),
    foreignKey({
      columns: [t.instituteId, t.academicYearId],
      foreignColumns: [academicYears.instituteId, academicYears.id],
    }),
    index().on(t.instituteId, t.academicYearId, t.standardId),
  ],
);

export const subjects = pgTable(
  'subjects',
  {
    instituteId: instituteRef(),
    id: integer().generatedAlwaysAsIdentity(),
    standardId: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instituteId, t.id] }),
    foreignKey({ columns: [t.instituteId, t.standardId], foreignColumns: [standards.instituteId, standards.id] }),
    index().on(t.instituteId, t.standardId),
  ],
);
