// Absence alerts at scale (issue 31): an attendance load of 100,000 marks (25,000 students with a parent each, four
// classes a day) on PostgreSQL, then the worker's absence statement run by two workers at once on two connections,
// as two worker processes would. Goal: the alerts within 60 s, each written once (the unique key).
// npm run bench:alerts [-- --students 25000] ; also part `alerts` of npm run bench.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { produceAbsenceAlerts, produceAlerts } from '../apps/api/src/features/alerts/alerts.repository.ts';

/** The day of the marks, and the evening the workers run (Kolkata). */
const day = '2026-11-20';
const evening = new Date(`${day}T18:00:00+05:30`);

const rowsOf = async (database: Database, query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);

const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;

export interface AlertsBench {
  students: number;
  marks: number;
  absent: number;
  alerts: number;
  expected: number;
  loadSeconds: number;
  /** Two workers producing the same alerts at once: the slower one's time. */
  produceSeconds: number;
  /** Every kind's statements for the institute afterwards (nothing new to write). */
  rerunSeconds: number;
}

/** Builds the data on a database of its own beside `adminUrl`'s, runs the two workers, checks and answers figures. */
export async function measureAlerts(adminUrl: string, students = 25_000): Promise<AlertsBench> {
  const name = 'portal_bench_alerts';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  const second = await openPostgres(url.toString());
  try {
    await runMigrations(database);
    const loadStarted = performance.now();
    const batches = Math.ceil(students / 500);
    await database.db.execute(sql`
      insert into institutes (name, is_school, classes_mode, exam_mode, material_mode)
        values ('Alerts Bench School', true, 'OFFLINE', 'OFFLINE', 'NONE')`);
    for (const statement of [
      sql`insert into academic_years (institute_id, name, start_date, end_date)
          select id, '2026-27', date '2026-04-01', date '2027-03-31' from institutes`,
      sql`insert into standards (institute_id, name) select id, 'Class 8' from institutes`,
      sql`insert into batches (institute_id, standard_id, academic_year_id, name)
          select s.institute_id, s.id, ay.id, 'Section ' || g from standards s
          join academic_years ay on ay.institute_id = s.institute_id, generate_series(1, ${batches}) g`,
      sql`insert into subjects (institute_id, standard_id, name)
          select institute_id, id, s from standards, unnest(array['English', 'Mathematics', 'Science', 'Hindi']) s`,
      sql`insert into users (institute_id, user_type, name, phone, password_hash, join_date)
          select i.id, t, case t when 1 then 'Student ' else 'Parent ' end || n, (7000000000 + t * 1000000 + n)::text,
                 'x', date '2026-04-01'
          from institutes i, generate_series(1, ${students}) n, (values (1), (2)) types(t)`,
      sql`insert into students (institute_id, user_id, display_id)
          select institute_id, id, 'A' || id from users where user_type = 1`,
      sql`insert into student_parents (institute_id, parent_user_id, student_id)
          select s.institute_id, p.id, s.id from students s
          join users u on u.institute_id = s.institute_id and u.id = s.user_id
          join users p on p.institute_id = u.institute_id and p.user_type = 2
            and p.phone = (7000000000 + 2 * 1000000 + (u.phone::bigint - 7000000000 - 1000000))::text`,
      sql`insert into enrolments (institute_id, student_id, academic_year_id, batch_id, roll_no)
          select s.institute_id, s.id, b.academic_year_id, b.id, s.id
          from students s join batches b on b.institute_id = s.institute_id
            and b.name = 'Section ' || (s.id % ${batches} + 1)`,
      sql`insert into class_sessions (institute_id, batch_id, subject_id, class_type, name, starts_at, duration_minutes)
          select b.institute_id, b.id, sub.id, 'Class', '', ${`${day} 08:00+05:30`}::timestamptz + (p - 1) * interval '1 hour', 45
          from batches b, generate_series(1, 4) p,
          lateral (select id from subjects where institute_id = b.institute_id order by id offset p - 1 limit 1) sub`,
    ]) {
      await database.db.execute(statement);
    }
    // The load itself: every student marked at each of the day's four classes, one in nine absent.
    await database.db.execute(sql`
      insert into attendance (institute_id, student_id, session_id, batch_id, status, homework_status, remark, topics_covered)
      select cs.institute_id, e.student_id, cs.id, cs.batch_id,
             case when (cs.id + e.student_id) % 9 = 0 then 'A' else 'P' end, '', '', ''
      from enrolments e join class_sessions cs on cs.institute_id = e.institute_id and cs.batch_id = e.batch_id`);
    await database.db.execute(sql`analyze`);
    const loadSeconds = seconds(loadStarted);
    const marks = await rowsOf(database, sql`select count(*) as n from attendance`);
    const absent = await rowsOf(
      database,
      sql`select count(distinct student_id) as n from attendance where status <> 'P'`,
    );
    console.log(`  ${students} students, ${marks} marks (${absent} students absent) loaded in ${loadSeconds} s`);

    // Two workers at once, on two connections (pools), as the alerts-produce job of two worker processes.
    const produceStarted = performance.now();
    const timed = async (db: Database) => {
      await produceAbsenceAlerts(db.db, evening);
      return seconds(produceStarted);
    };
    const [first, other] = await Promise.all([timed(database), timed(second)]);
    const produceSeconds = Math.max(first, other);
    const alerts = await rowsOf(database, sql`select count(*) as n from alerts where kind = 'absence'`);
    const distinct = await rowsOf(
      database,
      sql`select count(*) as n from (select distinct user_id, student_id, event_key from alerts) keys`,
    );
    // Each absent student hears, and so does their parent.
    const expected = absent * 2;
    if (alerts !== expected || distinct !== alerts) {
      throw new Error(`absence alerts: ${alerts} written, ${distinct} distinct, ${expected} expected`);
    }
    console.log(`  two workers at once: ${alerts} absence alerts in ${produceSeconds} s (${first} s and ${other} s)`);
    const rerunStarted = performance.now();
    const [instituteId] = (
      (await database.db.execute(sql`select min(id) as n from institutes`)) as unknown as { rows: { n: number }[] }
    ).rows.map((row) => Number(row.n));
    const again = await produceAlerts(database.db, evening, instituteId);
    const rerunSeconds = seconds(rerunStarted);
    if (again.absence !== 0) throw new Error(`a second run wrote ${again.absence} absence alerts again`);
    console.log(`  every kind again for the institute: nothing new, ${rerunSeconds} s`);
    return { students, marks, absent, alerts, expected, loadSeconds, produceSeconds, rerunSeconds };
  } finally {
    await second.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '25000' },
      'admin-url': {
        type: 'string',
        default: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  });
  const result = await measureAlerts(values['admin-url']!, Number(values.students));
  const goal = result.produceSeconds <= 60;
  console.log(
    `absence alerts of ${result.marks} marks: ${result.alerts} in ${result.produceSeconds} s with two workers at once — goal ≤ 60 s: ${goal ? 'met' : 'NOT met'}`,
  );
  process.exitCode = goal ? 0 : 1;
}
