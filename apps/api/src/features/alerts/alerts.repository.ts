// The SQL of alerts (issue 31): producing them, set-based, one statement per kind over every student concerned.
import { feeDueReminderDays, liveSoonMinutes, newForHours, resultRecentDays } from '@campus/domain/alerts/alerts-rules';
import { and, count, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts } from '../../db/schema/alerts.ts';
import { institutes } from '../../db/schema/institutes.ts';
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
    -- In the unique key's order, as writeAlerts: concurrent workers never deadlock on each other's keys.
    order by m.institute_id, heard.user_id, m.student_id
    on conflict (institute_id, user_id, student_id, kind, event_key) do update set data = excluded.data
      where alerts.read_at is null and alerts.data is distinct from excluded.data
  `);
  return changed(result);
}

/** The institutes a production covers, each with its zone and its local day of `now`: one, or all. */
const institutesOn = (now: Date, instituteId: number | undefined) => sql`
  select i.id as institute_id, i.time_zone, (${now}::timestamptz at time zone i.time_zone)::date as today
  from institutes i
  where ${instituteId === undefined ? sql`true` : sql`i.id = ${instituteId}`}`;

/**
 * Writes the alerts of `events` (a select of institute_id, student_id, kind, event_key, data): one to the student's
 * own login and one to each parent's (with `parentsOptIn`, only to a parent who turned the kind on), with the child's name added to the data; once per event
 * and person (the unique key `alerts_once`: a second run, or a second worker at the same moment, writes nothing).
 * One statement, however many students. Answers how many alerts it wrote.
 */
async function writeAlerts(
  db: Db,
  now: Date,
  events: SQL,
  { parentsOptIn = false }: { parentsOptIn?: boolean } = {},
): Promise<number> {
  // Who hears: the student, and the parents linked to the child. Of a kind parents do not hear by default (a live
  // class starting), only a parent whose settings turn one of its channels on.
  const optedIn = parentsOptIn
    ? sql`and exists (
        select 1 from alert_settings s, jsonb_each_text(s.channels -> e.kind) chosen
        where s.institute_id = sp.institute_id and s.user_id = sp.parent_user_id and chosen.value = 'true')`
    : sql``;
  const parents = sql`union
      select sp.parent_user_id from student_parents sp
      where sp.institute_id = e.institute_id and sp.student_id = e.student_id ${optedIn}`;
  const result = await db.execute(sql`
    -- Materialized: the events are found first (by their own indexes), then the accounts that hear of them; inlined,
    -- the planner joined every enrolment to every assignment before the due-date filter could apply.
    with events as materialized (${events})
    insert into alerts (institute_id, user_id, student_id, kind, event_key, data, created_at)
    select e.institute_id, heard.user_id, e.student_id, e.kind, e.event_key,
      e.data || jsonb_build_object('child', u.name), ${now}::timestamptz
    from events e
    join students st on st.institute_id = e.institute_id and st.id = e.student_id
    join users u on u.institute_id = st.institute_id and u.id = st.user_id
    cross join lateral (select st.user_id ${parents}) as heard (user_id)
    -- In the unique key's order: two workers writing the same alerts meet at their first shared one, where the later
    -- waits for the earlier to commit (then skips), and never holds a key the other needs (no deadlock, whatever the plans).
    order by e.institute_id, heard.user_id, e.student_id, e.kind, e.event_key
    on conflict (institute_id, user_id, student_id, kind, event_key) do nothing
  `);
  return changed(result);
}

/**
 * Fee alerts (the domain's feeAlertOn, in SQL): for every student installment with something left to pay, `fee-due`
 * from three days before its due date through the due date, and `fee-overdue` once overdue (more than a day past the
 * due date, in the institute's zone); the event is the student's installment. What is left is the fee ledger's rule
 * (domain fee-summary `feeDues`): the total less payments and bad debt, plus the fine not yet paid, and nothing for
 * an installment written off; the tests compare the two.
 */
export function produceFeeAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select si.institute_id, si.student_id, due.kind, si.id::text as event_key,
        jsonb_build_object('id', si.id, 'installNo', fi.install_no, 'dueDate', fi.due_date::text, 'left', owed.left_to_pay)
          as data
      from (${institutesOn(now, instituteId)}) d
      join fee_installments fi on fi.institute_id = d.institute_id
        and (d.today > fi.due_date + 1 or d.today between fi.due_date - ${feeDueReminderDays}::int and fi.due_date)
      join student_installments si on si.institute_id = fi.institute_id and si.installment_id = fi.id
        and si.bad_debt_amount = 0
      cross join lateral (
        select case when d.today > fi.due_date + 1 then 'fee-overdue' else 'fee-due' end as kind
      ) due
      join students st on st.institute_id = si.institute_id and st.id = si.student_id
      cross join lateral (
        select coalesce(sum(pa.amount), 0) as amount, coalesce(sum(pa.fine), 0) as fine
        from fee_payment_allocations pa
        where pa.institute_id = si.institute_id and pa.student_installment_id = si.id
      ) paid
      cross join lateral (
        select (greatest(0, si.initial_amount - si.discount_amount + si.tax_amount - paid.amount)
          + greatest(0, si.fine_amount - paid.fine))::int as left_to_pay
      ) owed
      where owed.left_to_pay > 0
        -- Every overdue installment stays overdue until paid: those already told (the student's own alert is written
        -- with the parents', in one statement) are passed over before their payments are summed.
        and not exists (
          select 1 from alerts told
          where told.institute_id = si.institute_id and told.user_id = st.user_id and told.student_id = si.student_id
            and told.kind = due.kind and told.event_key = si.id::text)`,
  );
}

/** The students of an item's batch (section): enrolments of that batch. */
const enrolledIn = (item: string) =>
  sql.raw(`join enrolments en on en.institute_id = ${item}.institute_id and en.batch_id = ${item}.batch_id`);

/**
 * `homework-new`: an assignment set for the child's batch in the last 24 hours (the domain's isNewForAlert) and not
 * yet due (one loaded after its due time is old news too: nothing is left to do by then), once per assignment; with
 * its subject, title and local due date, as its detail screen shows them.
 */
export function produceHomeworkNewAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select a.institute_id, en.student_id, 'homework-new' as kind, a.id::text as event_key,
        jsonb_build_object('id', a.id, 'title', a.title, 'subject', coalesce(s.name, ''),
          'dueDate', (a.due_at at time zone d.time_zone)::date::text) as data
      from (${institutesOn(now, instituteId)}) d
      join assignments a on a.institute_id = d.institute_id
        and a.created_at <= ${now}::timestamptz
        and a.created_at > ${now}::timestamptz - make_interval(hours => ${newForHours}::int)
        and a.due_at > ${now}::timestamptz
      ${enrolledIn('a')}
      left join subjects s on s.institute_id = a.institute_id and s.id = a.subject_id`,
  );
}

/**
 * `homework-due`: an assignment due tomorrow in the institute's zone (the domain's isDueTomorrow) that the child has
 * not submitted (a draft is not submitted), once per assignment.
 */
export function produceHomeworkDueAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select a.institute_id, en.student_id, 'homework-due' as kind, a.id::text as event_key,
        jsonb_build_object('id', a.id, 'title', a.title, 'subject', coalesce(s.name, ''),
          'dueDate', (d.today + 1)::text) as data
      from (${institutesOn(now, instituteId)}) d
      join assignments a on a.institute_id = d.institute_id
        and a.due_at >= (d.today + 1)::timestamp at time zone d.time_zone
        and a.due_at < (d.today + 2)::timestamp at time zone d.time_zone
      ${enrolledIn('a')}
      left join subjects s on s.institute_id = a.institute_id and s.id = a.subject_id
      where not exists (
        select 1 from submissions sub
        where sub.institute_id = a.institute_id and sub.assignment_id = a.id and sub.student_id = en.student_id
          and sub.status = 'Submitted')`,
  );
}

/**
 * `result-online`: an online test whose result is released (is_result_published) to a child who submitted an
 * attempt (the exam reports' rule: a report only for an attempted test with its result published), once per test;
 * only tests that ended in the last 30 days (the release has no time of its own). The test's name only.
 */
export function produceOnlineResultAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select distinct t.institute_id, at.student_id, 'result-online' as kind, t.id::text as event_key,
        jsonb_build_object('id', t.id, 'test', t.name) as data
      from (${institutesOn(now, instituteId)}) d
      join exam_tests t on t.institute_id = d.institute_id and t.is_result_published
        and t.ends_at > ${now}::timestamptz - make_interval(days => ${resultRecentDays}::int)
      join exam_attempts at on at.institute_id = t.institute_id and at.test_id = t.id
        and at.submitted_at is not null and at.student_id is not null`,
  );
}

/**
 * `result-offline`: an offline exam with the child's marks recorded (published through the admin API or the
 * import), once per exam; only exams held in the last 30 days. Its day and topic only.
 */
export function produceOfflineResultAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select distinct x.institute_id, m.student_id, 'result-offline' as kind, x.id::text as event_key,
        jsonb_build_object('id', x.id, 'examDate', x.exam_date::text, 'topic', x.topic_name) as data
      from (${institutesOn(now, instituteId)}) d
      join report_offline_exams x on x.institute_id = d.institute_id
        and x.exam_date >= d.today - ${resultRecentDays}::int
      join report_offline_marks m on m.institute_id = x.institute_id and m.exam_id = x.id`,
  );
}

/**
 * `live-soon`: an online class of the child's batch starting within the next 15 minutes (the domain's isLiveSoon),
 * once per class; to students only (parents opt in later: writeAlerts' parent branch). Its name, start and zone.
 */
export function produceLiveSoonAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select cs.institute_id, en.student_id, 'live-soon' as kind, cs.id::text as event_key,
        jsonb_build_object('id', cs.id, 'name', coalesce(nullif(cs.name, ''), s.name, 'a class'),
          'startsAt', to_char(cs.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
          'timeZone', d.time_zone) as data
      from (${institutesOn(now, instituteId)}) d
      join class_sessions cs on cs.institute_id = d.institute_id and cs.class_type = 'Online Class'
        and cs.starts_at > ${now}::timestamptz
        and cs.starts_at <= ${now}::timestamptz + make_interval(mins => ${liveSoonMinutes}::int)
      ${enrolledIn('cs')}
      left join subjects s on s.institute_id = cs.institute_id and s.id = cs.subject_id`,
    { parentsOptIn: true },
  );
}

/**
 * `notice`: an active announcement made in the last 24 hours (isNewForAlert) for the child's batch, or for everyone (no
 * audience: every student of the academic year holding today), once per announcement, as home's announcement list
 * shows them. Its title only.
 */
export function produceNoticeAlerts(db: Db, now: Date, instituteId?: number): Promise<number> {
  return writeAlerts(
    db,
    now,
    sql`
      select an.institute_id, who.student_id, 'notice' as kind, an.id::text as event_key,
        jsonb_build_object('id', an.id, 'title', an.title) as data
      from (${institutesOn(now, instituteId)}) d
      join announcements an on an.institute_id = d.institute_id and an.is_active
        and an.announced_at <= ${now}::timestamptz
        and an.announced_at > ${now}::timestamptz - make_interval(hours => ${newForHours}::int)
      cross join lateral (
        select en.student_id
        from announcement_audiences aa
        join enrolments en on en.institute_id = aa.institute_id and en.batch_id = aa.batch_id
        where aa.institute_id = an.institute_id and aa.announcement_id = an.id
        union
        select en.student_id
        from enrolments en
        join academic_years y on y.institute_id = en.institute_id and y.id = en.academic_year_id
          and y.start_date <= d.today and y.end_date >= d.today
        where en.institute_id = an.institute_id
          and not exists (
            select 1 from announcement_audiences aa
            where aa.institute_id = an.institute_id and aa.announcement_id = an.id)
      ) who`,
  );
}

/** Every producer, by the kinds it writes. */
export const alertProducers = {
  absence: produceAbsenceAlerts,
  fees: produceFeeAlerts,
  'homework-new': produceHomeworkNewAlerts,
  'homework-due': produceHomeworkDueAlerts,
  'result-online': produceOnlineResultAlerts,
  'result-offline': produceOfflineResultAlerts,
  'live-soon': produceLiveSoonAlerts,
  notice: produceNoticeAlerts,
} satisfies Record<string, (db: Db, now: Date, instituteId?: number) => Promise<number>>;

/**
 * Every kind's alerts of one institute (or of all), one statement per kind in turn (each commits on its own, so a
 * failure leaves what the others wrote). Answers how many alerts each producer wrote.
 */
export async function produceAlerts(
  db: Db,
  now: Date,
  instituteId?: number,
): Promise<Record<keyof typeof alertProducers, number>> {
  const written = {} as Record<keyof typeof alertProducers, number>;
  for (const [name, produce] of Object.entries(alertProducers) as [
    keyof typeof alertProducers,
    typeof produceFeeAlerts,
  ][]) {
    written[name] = await produce(db, now, instituteId);
  }
  return written;
}

/** The account's alerts, less the kinds it keeps out of the app. */
const ofAccount = (instituteId: number, userId: number, hiddenKinds: readonly string[]) =>
  and(
    eq(alerts.instituteId, instituteId),
    eq(alerts.userId, userId),
    hiddenKinds.length > 0 ? notInArray(alerts.kind, [...hiddenKinds]) : undefined,
  );

/** The account's newest alerts (the bell), newest first: the index alerts_of_account. */
export function findAlerts(
  db: Db,
  instituteId: number,
  userId: number,
  limit: number,
  hiddenKinds: readonly string[] = [],
) {
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
    .where(ofAccount(instituteId, userId, hiddenKinds))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

/** How many of the account's alerts are unread. */
export async function countUnread(
  db: Db,
  instituteId: number,
  userId: number,
  hiddenKinds: readonly string[] = [],
): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(alerts)
    .where(and(ofAccount(instituteId, userId, hiddenKinds), isNull(alerts.readAt)));
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

/** Every institute's id, in order: the sweep produces one institute at a time. */
export async function findInstituteIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: institutes.id }).from(institutes).orderBy(institutes.id);
  return rows.map((row) => row.id);
}
