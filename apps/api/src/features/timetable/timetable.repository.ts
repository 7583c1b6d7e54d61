import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared, sqlRows } from '../../db/prepared.ts';
import { academicYears, batches } from '../../db/schema/academics.ts';
import { events } from '../../db/schema/events.ts';
import { attendance, calendarFeeds, classSessions } from '../../db/schema/timetable.ts';
import { enrolments } from '../../db/schema/users.ts';

const anyOf = (column: Parameters<typeof eq>[0], name: string) => sql`${column} = any(${p(name)})`;

const monthCountsQuery = prepared((db) => {
  const month = sql<number>`extract(month from ${classSessions.startsAt} at time zone ${p('timeZone')})::int`;
  return (
    db
      .select({ month, count: sql<number>`count(*)::int` })
      .from(classSessions)
      .where(
        and(
          eq(classSessions.instituteId, p('instituteId')),
          anyOf(classSessions.batchId, 'batchIds'),
          gte(classSessions.startsAt, p('from')),
          lt(classSessions.startsAt, p('to')),
          sql`${classSessions.classType}::text = any(${p('types')})`,
        ),
      )
      // By position: the month expression holds a placeholder, which would be a second, different parameter here.
      .groupBy(sql`1`)
      .prepare('timetable_month_counts')
  );
});

/** Schedules per month (1–12, in the institute's zone) of `batchIds` starting in [from, to). */
export async function countSessionsByMonth(
  db: Db,
  values: { instituteId: number; batchIds: number[]; from: Date; to: Date; types: string[]; timeZone: string },
) {
  if (values.batchIds.length === 0) return [];
  return monthCountsQuery(db, { ...values, from: values.from.toISOString(), to: values.to.toISOString() });
}

const attendanceQuery = prepared((db) =>
  db
    .select({
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
      classType: classSessions.classType,
      status: attendance.status,
      homeworkStatus: attendance.homeworkStatus,
      remark: attendance.remark,
      homeworkAssigned: attendance.homeworkAssigned,
      note: attendance.note,
      topicsCovered: attendance.topicsCovered,
    })
    .from(classSessions)
    // The sessions of the batch in the window (batch index), then the student's row of each (primary key).
    .innerJoin(
      attendance,
      and(
        eq(attendance.instituteId, classSessions.instituteId),
        eq(attendance.studentId, p('studentId')),
        eq(attendance.sessionId, classSessions.id),
      ),
    )
    .where(
      and(
        eq(classSessions.instituteId, p('instituteId')),
        eq(classSessions.batchId, p('batchId')),
        gte(classSessions.startsAt, p('from')),
        lt(classSessions.startsAt, p('to')),
      ),
    )
    .orderBy(asc(classSessions.startsAt))
    .prepare('timetable_attendance'),
);

/** The student's attendance rows in one batch for sessions starting in [from, to), earliest first. */
export const findAttendance = (
  db: Db,
  values: { instituteId: number; studentId: number; batchId: number; from: Date; to: Date },
) => attendanceQuery(db, { ...values, from: values.from.toISOString(), to: values.to.toISOString() });

const windowMarksQuery = prepared((db) =>
  db
    .select({ sessionId: attendance.sessionId, status: attendance.status })
    .from(attendance)
    // The window's sessions of the batches by the (institute_id, batch_id, starts_at) index, then the student's mark
    // of each by the primary key: the sessions need not be read first, so this runs beside the sessions' own read.
    .where(
      and(
        eq(attendance.instituteId, p('instituteId')),
        eq(attendance.studentId, p('studentId')),
        sql`${attendance.sessionId} in (select cs.id from ${classSessions} cs where cs.institute_id = ${p('instituteId')}
          and cs.batch_id = any(${p('batchIds')}) and cs.starts_at >= ${p('from')} and cs.starts_at < ${p('to')})`,
      ),
    )
    .prepare('timetable_window_marks'),
);

/** The student's attendance mark of each session of `batchIds` starting in [from, to) that has one (Today). */
export async function findMarksBetween(
  db: Db,
  values: { instituteId: number; studentId: number; batchIds: number[]; from: Date; to: Date },
) {
  if (values.batchIds.length === 0) return new Map<number, string>();
  const rows = await windowMarksQuery(db, { ...values, from: values.from.toISOString(), to: values.to.toISOString() });
  return new Map(rows.map((row) => [row.sessionId, row.status]));
}

const attendanceTotalsQuery = prepared((db) =>
  db
    .select({
      batchId: attendance.batchId,
      present: sql<number>`count(*) filter (where ${attendance.status} = 'P')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(attendance)
    // The student's marks of each batch: an index-only range of (institute, student, batch, status), whatever the
    // window asked (the totals are the year's).
    .where(
      and(
        eq(attendance.instituteId, p('instituteId')),
        eq(attendance.studentId, p('studentId')),
        anyOf(attendance.batchId, 'batchIds'),
      ),
    )
    .groupBy(attendance.batchId)
    .prepare('timetable_attendance_totals'),
);

/** Present and marked sessions of the student per batch (all of `batchIds`, this year's). */
export async function attendanceTotals(db: Db, instituteId: number, studentId: number, batchIds: number[]) {
  if (batchIds.length === 0) return new Map<number, { present: number; total: number }>();
  const rows = await attendanceTotalsQuery(db, { instituteId, studentId, batchIds });
  return new Map(rows.map((row) => [row.batchId, { present: row.present, total: row.total }]));
}

/** Whose feed: the account (login) that made it and the student it shows. */
export interface FeedOwner {
  instituteId: number;
  accountUserId: number;
  studentId: number;
}

const feedQuery = prepared((db) =>
  db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.instituteId, p('instituteId')),
        eq(calendarFeeds.accountUserId, p('accountUserId')),
        eq(calendarFeeds.studentId, p('studentId')),
      ),
    )
    .prepare('timetable_feed'),
);

/** When the account's calendar feed of the student was made, or undefined without one. */
export async function findFeed(db: Db, owner: FeedOwner) {
  const [row] = await feedQuery(db, { ...owner });
  return row;
}

/** Makes (or replaces) the account's feed of the student under the hash of a new secret; no one else's. */
export async function saveFeed(db: Db, owner: FeedOwner, secretHash: string, createdAt: Date) {
  await db
    .insert(calendarFeeds)
    .values({ ...owner, secretHash, createdAt })
    .onConflictDoUpdate({
      target: [calendarFeeds.instituteId, calendarFeeds.accountUserId, calendarFeeds.studentId],
      set: { secretHash, createdAt },
    });
}

/** Revokes the account's feed of the student: its address stops working at once; others' keep theirs. */
export async function deleteFeed(db: Db, owner: FeedOwner) {
  await db
    .delete(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.instituteId, owner.instituteId),
        eq(calendarFeeds.accountUserId, owner.accountUserId),
        eq(calendarFeeds.studentId, owner.studentId),
      ),
    );
}

/**
 * The feed of the institute a secret's hash names (unique index), or undefined: while its account may still see the
 * student — the student's own login, or a parent still linked to the child.
 */
export async function findFeedBySecret(db: Db, instituteId: number, secretHash: string) {
  const [row] = await sqlRows<{ instituteId: number; studentId: number }>(
    db,
    'timetable_feed_by_secret',
    `select f.institute_id as "instituteId", f.student_id as "studentId" from calendar_feeds f
     where f.institute_id = $1 and f.secret_hash = $2
       and (exists (select 1 from students s
                    where s.institute_id = f.institute_id and s.id = f.student_id and s.user_id = f.account_user_id)
         or exists (select 1 from student_parents l
                    where l.institute_id = f.institute_id and l.parent_user_id = f.account_user_id
                      and l.student_id = f.student_id))`,
    [instituteId, secretHash],
  );
  return row;
}

const currentBatchesQuery = prepared((db) =>
  db
    .select({ batchId: enrolments.batchId, standardId: batches.standardId })
    .from(enrolments)
    .innerJoin(
      academicYears,
      and(eq(academicYears.instituteId, enrolments.instituteId), eq(academicYears.id, enrolments.academicYearId)),
    )
    .innerJoin(batches, and(eq(batches.instituteId, enrolments.instituteId), eq(batches.id, enrolments.batchId)))
    .where(
      and(
        eq(enrolments.instituteId, p('instituteId')),
        eq(enrolments.studentId, p('studentId')),
        lte(academicYears.startDate, p('today')),
        gte(academicYears.endDate, p('today')),
      ),
    )
    .prepare('timetable_feed_batches'),
);

/** The student's batches (and their standards) in the academic year holding `today`: what a feed lists. */
export const findCurrentBatches = (db: Db, instituteId: number, studentId: number, today: string) =>
  currentBatchesQuery(db, { instituteId, studentId, today });

const holidaysQuery = prepared((db) =>
  db
    .select({
      title: events.title,
      eventType: events.eventType,
      startDate: events.startDate,
      endDate: events.endDate,
      daysOfWeek: events.daysOfWeek,
      standardIds: events.standardIds,
      userTypes: events.userTypes,
    })
    .from(events)
    .where(
      and(
        eq(events.instituteId, p('instituteId')),
        // Overlaps the window; served by the events' (institute_id, start_date, end_date) index.
        lte(events.startDate, p('to')),
        gte(events.endDate, p('from')),
        // Holidays only (type 1): events and weekly offs are the event calendar's.
        eq(events.eventType, 1),
      ),
    )
    .orderBy(asc(events.startDate))
    .prepare('timetable_feed_holidays'),
);

/** The institute's holidays overlapping `from`–`to` (ISO dates). */
export const findHolidays = (db: Db, instituteId: number, from: string, to: string) =>
  holidaysQuery(db, { instituteId, from, to });
