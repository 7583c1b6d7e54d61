// The SQL of alerts (issue 31): producing them, set-based, one statement per kind over every student concerned.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { users } from '../../db/schema/users.ts';

/** How many rows a statement of `db.execute` changed (node-postgres and PGlite name it differently). */
const changed = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );

/**
 * Absence alerts of the local day of `now` in each institute's zone (of one institute, or of all): for every student
 * marked other than present (P, the timetable's rule) in a class held that day, one alert to the student's own login
 * and one to each parent's, listing the classes missed in the order they were held. Once per child, account and day
 * (the unique key `alerts_once`): a later absence the same day updates the list of an alert not yet opened.
 * Answers how many alerts it wrote.
 */
export async function produceAbsenceAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  const result = await db.execute(sql`
    with days as (
      select i.id as institute_id, (${now}::timestamptz at time zone i.time_zone)::date as day, i.time_zone
      from institutes i
      where ${instituteId === undefined ? sql`true` : sql`i.id = ${instituteId}`}
    ),
    missed as (
      select a.institute_id, a.student_id, d.day,
        jsonb_agg(coalesce(nullif(s.name, ''), nullif(cs.name, ''), 'a class') order by cs.starts_at, cs.id) as classes
      from days d
      join class_sessions cs on cs.institute_id = d.institute_id
        and cs.starts_at >= d.day::timestamp at time zone d.time_zone
        and cs.starts_at < (d.day + 1)::timestamp at time zone d.time_zone
      join attendance a on a.institute_id = cs.institute_id and a.session_id = cs.id and a.status <> 'P'
      left join subjects s on s.institute_id = cs.institute_id and s.id = cs.subject_id
      group by a.institute_id, a.student_id, d.day
    )
    insert into alerts (institute_id, user_id, student_id, kind, event_key, data, created_at)
    select m.institute_id, heard.user_id, m.student_id, 'absence', m.day::text,
      jsonb_build_object('child', u.name, 'classes', m.classes, 'date', m.day::text), ${now}::timestamptz
    from missed m
    join students st on st.institute_id = m.institute_id and st.id = m.student_id
    join users u on u.institute_id = st.institute_id and u.id = st.user_id
    cross join lateral (
      select st.user_id
      union
      select sp.parent_user_id from student_parents sp
      where sp.institute_id = m.institute_id and sp.student_id = m.student_id
    ) as heard (user_id)
    on conflict (institute_id, user_id, student_id, kind, event_key) do update set data = excluded.data
      where alerts.read_at is null and alerts.data is distinct from excluded.data
  `);
  return changed(result);
}

/** The account's newest alerts (the bell), newest first: the index alerts_of_account. */
export function findAlerts(db: Db, instituteId: number, userId: number, limit: number) {
  return db
    .select({
      id: alerts.id,
      kind: alerts.kind,
      studentId: alerts.studentId,
      data: alerts.data,
      createdAt: alerts.createdAt,
      readAt: alerts.readAt,
    })
    .from(alerts)
    .where(and(eq(alerts.instituteId, instituteId), eq(alerts.userId, userId)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

/** How many of the account's alerts are unread. */
export async function countUnread(db: Db, instituteId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(alerts)
    .where(and(eq(alerts.instituteId, instituteId), eq(alerts.userId, userId), isNull(alerts.readAt)));
  return row?.unread ?? 0;
}

/** Which of `ids` are alerts of the account (the `alert` policy). */
export async function findOwnAlertIds(db: Db, instituteId: number, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.instituteId, instituteId), eq(alerts.userId, userId), inArray(alerts.id, ids)));
  return rows.map((row) => row.id);
}

/** Marks the account's alerts `ids` read (those already read keep when they were). */
export async function markAlertsRead(db: Db, instituteId: number, userId: number, ids: number[], now: Date) {
  await db
    .update(alerts)
    .set({ readAt: now })
    .where(
      and(
        eq(alerts.instituteId, instituteId),
        eq(alerts.userId, userId),
        inArray(alerts.id, ids),
        isNull(alerts.readAt),
      ),
    );
}

/** The email address of the account, if it has one (the profile's), for the alerts sent by email. */
export async function findAccountEmail(db: Db, instituteId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.instituteId, instituteId), eq(users.id, userId)));
  return row?.email?.trim() || null;
}
