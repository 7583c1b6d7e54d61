// Fills a PostgreSQL database with realistic rows at scale, set-based (generate_series), for the benchmarks.
// npm run bench:data -- --institutes 10 --students-per-institute 1000 [--database-url postgres://…]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

export const benchPassword = 'demo1234';
export const benchDevice = 'bench-device';
/** Sessions created for the load run: one per student of the first institute, up to this many. */
export const benchSessions = 2000;

/** The token of bench session `n` (43 characters of [0-9a-f], like the credential format asks). */
export const benchToken = (n: number) => `${md5Hex(`bench-${n}`)}${md5Hex(`token-${n}`)}`.slice(0, 43);

import { createHash } from 'node:crypto';
function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

async function step(database: Database, label: string, query: ReturnType<typeof sql>) {
  const started = Date.now();
  // One statement at a time: a parameterised statement cannot hold several.
  for (const statement of splitStatements(query)) await database.db.execute(statement);
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Splits a fragment at the `;` that end its statements (none of the generated SQL has `;` inside strings). */
function splitStatements(query: ReturnType<typeof sql>): ReturnType<typeof sql>[] {
  const statements: ReturnType<typeof sql>[] = [];
  let current: ReturnType<typeof sql>[] = [];
  for (const chunk of query.queryChunks) {
    const text = (chunk as { value?: string[] }).value;
    if (Array.isArray(text) && text.join('').includes(';')) {
      const pieces = text.join('').split(';');
      pieces.forEach((piece, index) => {
        current.push(sql.raw(piece));
        if (index < pieces.length - 1) {
          statements.push(sql.join(current, sql.raw('')));
          current = [];
        }
      });
    } else {
      current.push(chunk as ReturnType<typeof sql>);
    }
  }
  const rest = sql.join(current, sql.raw(''));
  if (current.some((chunk) => !(chunk as { value?: string[] }).value?.every((text) => text.trim() === '')))
    statements.push(rest);
  return statements;
}

/** Creates the database named by `url` when it does not exist yet (a fresh machine has only `postgres`). */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const server = await openPostgres(admin.toString(), { poolSize: 1 });
  try {
    const found = await server.db.execute(sql`select 1 from pg_database where datname = ${name}`);
    if ((found as unknown as { rows: unknown[] }).rows.length === 0)
      await server.db.execute(sql.raw(`create database "${name.replace(/"/g, '""')}"`));
  } finally {
    await server.close();
  }
}

/** Drops everything, migrates, and generates `institutes` × `studentsPerInstitute` students with their year. */
export async function generate(url: string, institutes: number, studentsPerInstitute: number): Promise<void> {
  await ensureDatabase(url);
  const database = await openPostgres(url, { poolSize: 2, queryTimeoutMs: 0 });
  try {
    await generateInto(database, institutes, studentsPerInstitute);
  } finally {
    await database.close();
  }
}

/** The same on an open database (PostgreSQL or PGlite); the caller closes it. */
export async function generateInto(database: Database, institutes: number, studentsPerInstitute: number) {
  const started = Date.now();
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  await runMigrations(database);
  const hash = await hashPassword(benchPassword);
  const total = institutes * studentsPerInstitute;
  console.log(`Generating ${institutes} institutes × ${studentsPerInstitute} students (${total})`);

  await step(
    database,
    'institutes and hosts',
    sql`insert into institutes (name, is_school, classes_mode, exam_mode, material_mode, is_store_enabled, is_marketing_and_banner, is_online_assignment_enabled, is_profile_update_allowed)
        select 'Bench Institute ' || i, i % 2 = 1, 'HYBRID_BLENDED', 'HYBRID_BLENDED', 'BOTH', true, true, true, true
        from generate_series(1, ${institutes}) i;
        insert into institute_hosts (host, institute_id) select 'bench-' || id || '.localhost', id from institutes;
        insert into institute_hosts (host, institute_id) select 'localhost', min(id) from institutes;`,
  );
  await step(
    database,
    'academic years, standards, batches, subjects',
    sql`insert into academic_years (institute_id, name, start_date, end_date)
        select id, y.name, y.s::date, y.e::date from institutes,
          (values ('2025-26', '2025-04-01', '2026-03-31'), ('2026-27', '2026-04-01', '2027-03-31')) y(name, s, e);
        insert into standards (institute_id, name) select id, 'Class ' || s from institutes, generate_series(1, 10) s;
        insert into batches (institute_id, standard_id, academic_year_id, name)
          select st.institute_id, st.id, ay.id, b from standards st
          join academic_years ay on ay.institute_id = st.institute_id, unnest(array['A', 'B']) b;
        insert into subjects (institute_id, standard_id, name)
          select institute_id, id, s from standards, unnest(array['English', 'Mathematics', 'Science', 'Social Science', 'Hindi']) s;`,
  );
  await step(
    database,
    'users and students',
    sql`insert into users (institute_id, user_type, name, phone, email, password_hash, join_date)
        select i.id, 1, 'Student ' || i.id || '-' || n, (7000000000 + (i.id - 1) * ${studentsPerInstitute} + n)::text,
               null, ${hash}, date '2025-06-01'
        from institutes i, generate_series(1, ${studentsPerInstitute}) n;
        insert into students (institute_id, user_id, display_id, address, blood_group, dob)
        select institute_id, id, 'B' || id, 'House ' || id || ', Bench Road', 'O+', date '2012-01-01' + (id % 1000)
        from users where user_type = 1;`,
  );
  await step(
    database,
    'enrolments (both years)',
    sql`with numbered as (
          select s.institute_id, s.id, row_number() over (partition by s.institute_id order by s.id) n from students s
        ), batch_numbers as (
          select b.institute_id, b.id, b.academic_year_id,
                 row_number() over (partition by b.institute_id, b.academic_year_id order by b.id) - 1 k,
                 count(*) over (partition by b.institute_id, b.academic_year_id) c
          from batches b
        )
        insert into enrolments (institute_id, student_id, academic_year_id, batch_id, roll_no)
        select n.institute_id, n.id, bn.academic_year_id, bn.id, (n.n / bn.c)::int + 1
        from numbered n join batch_numbers bn on bn.institute_id = n.institute_id and bn.k = n.n % bn.c;`,
  );
  await step(
    database,
    'assignments (a year: 40 per batch)',
    sql`insert into assignments (institute_id, batch_id, subject_id, title, description_html, due_at, is_late_allowed, max_marks, is_solution_released)
        select b.institute_id, b.id, sub.id, 'Assignment ' || g, '<p>Work ' || g || '</p>',
               timestamptz '2026-11-21 12:00+05:30' + ((g - 30) * interval '9 days'), g % 3 = 0, 20, g % 4 = 0
        from batches b
        join lateral (select id from subjects s where s.institute_id = b.institute_id and s.standard_id = b.standard_id order by id limit 1) sub on true,
        generate_series(1, 40) g;`,
  );
  await step(
    database,
    'teacher attachments',
    sql`insert into assignment_attachments (institute_id, assignment_id, kind, display_name, file_key, size_bytes)
        select institute_id, id, 'teacher', 'sheet.pdf', '2026/00000000-0000-0000-0000-000000000000.pdf', 1000 from assignments;`,
  );
  await step(
    database,
    'submissions (about a third of the work)',
    sql`insert into submissions (institute_id, assignment_id, student_id, status, updated_at, teacher_status, marks)
        select a.institute_id, a.id, e.student_id, 'Submitted', now(), case when a.id % 2 = 0 then 'Evaluated' else 'Pending' end, 15
        from assignments a join enrolments e on e.institute_id = a.institute_id and e.batch_id = a.batch_id
        where (a.id + e.student_id) % 3 = 0;`,
  );
  await step(
    database,
    'announcements and banners',
    sql`insert into announcements (institute_id, title, description_html, updated_by, announced_at, updated_at)
        select id, 'Notice ' || g, '<p>Notice number ' || g || '</p>', 'Office', now() - g * interval '1 day', now() - g * interval '1 day'
        from institutes, generate_series(1, 60) g;
        insert into announcement_audiences (institute_id, announcement_id, batch_id)
        select a.institute_id, a.id, b.id from announcements a
        join batches b on b.institute_id = a.institute_id and b.id % 7 = a.id % 7 where a.id % 2 = 0;
        insert into banners (institute_id, kind, web_url, sort_order)
        select id, 'banner', '/my-account/demo/banner-' || g || '.svg', g from institutes, generate_series(1, 6) g;`,
  );
  await step(
    database,
    'events and holidays (two years: 240 per institute, weekly offs)',
    // A school's calendar does not grow with its students: about ten events a month, every third for one
    // standard, some for teachers only, every tenth over five days, and a Sunday weekly off for each year.
    sql`insert into events (institute_id, event_type, holiday_type, title, description, is_all_day, start_date, end_date, start_time, end_time, user_types, standard_ids)
        select i.id, case when g % 5 = 0 then 1 else 2 end, case when g % 5 = 0 then null else 1 + g % 4 end,
               'Event ' || g, case when g % 3 = 0 then '' else 'Details of event ' || g end, g % 2 = 0,
               date '2025-04-01' + g * 3, date '2025-04-01' + g * 3 + case when g % 10 = 0 then 4 else 0 end,
               case when g % 2 = 1 then time '10:00' end, case when g % 2 = 1 then time '12:30' end,
               case g % 4 when 0 then array[1, 3]::smallint[] when 1 then array[1]::smallint[] when 2 then array[3]::smallint[] else '{}' end,
               case when g % 3 = 0 then array[(select st.id from standards st where st.institute_id = i.id order by st.id offset g % 10 limit 1)] else '{}' end
        from institutes i, generate_series(1, 240) g;
        insert into events (institute_id, event_type, title, start_date, end_date, days_of_week)
        select ay.institute_id, 3, 'Sunday weekly off', ay.start_date, ay.end_date, array[0]::smallint[] from academic_years ay;`,
  );
  await step(
    database,
    'products and purchases',
    sql`insert into products (institute_id, title, price_paise, category)
        select id, 'Course ' || g, g * 49900, 'Category' from institutes, generate_series(1, 8) g;
        insert into product_purchases (institute_id, user_id, product_id, public_order_id, enrolled_on, expires_on)
        select p.institute_id, u.id, p.id, 'ORD-' || u.id || '-' || p.id, date '2026-06-01', date '2026-06-01' + (p.id % 400)
        from products p join users u on u.institute_id = p.institute_id and (u.id + p.id) % 5 = 0;`,
  );
  await step(
    database,
    'fees (structures per standard and year, 4 installments, 2 payments with receipts per student-year)',
    sql`insert into fee_structures (institute_id, academic_year_id, name, standard_id, late_fine_amount)
        select st.institute_id, ay.id, 'Fees ' || st.name, st.id, case when i.is_school then 50000 end
        from standards st join academic_years ay on ay.institute_id = st.institute_id
        join institutes i on i.id = st.institute_id;
        insert into fee_installments (institute_id, structure_id, install_no, due_date, amount)
        select fs.institute_id, fs.id, g, ay.start_date + (g - 1) * 90 + 9, 1500000
        from fee_structures fs join academic_years ay on ay.institute_id = fs.institute_id and ay.id = fs.academic_year_id,
          generate_series(1, 4) g;
        insert into student_installments (institute_id, student_id, academic_year_id, installment_id, initial_amount, fine_amount)
        select e.institute_id, e.student_id, e.academic_year_id, fi.id, fi.amount,
               case when fi.install_no = 2 then coalesce(fs.late_fine_amount, 0) else 0 end
        from enrolments e join batches b on b.institute_id = e.institute_id and b.id = e.batch_id
        join fee_structures fs on fs.institute_id = e.institute_id and fs.academic_year_id = e.academic_year_id
          and fs.standard_id = b.standard_id
        join fee_installments fi on fi.institute_id = fs.institute_id and fi.structure_id = fs.id;
        insert into fee_payments (institute_id, student_id, academic_year_id, receipt_no, mode, amount, financial_year, paid_at)
        select si.institute_id, si.student_id, si.academic_year_id, 'B' || si.id, 'UPI',
               case when fi.install_no = 1 then si.initial_amount else si.initial_amount / 2 end, ay.name,
               (fi.due_date - 3)::timestamptz + interval '5 hours'
        from student_installments si
        join fee_installments fi on fi.institute_id = si.institute_id and fi.id = si.installment_id
        join academic_years ay on ay.institute_id = si.institute_id and ay.id = si.academic_year_id
        where fi.install_no <= 2;
        insert into fee_payment_allocations (institute_id, payment_id, student_installment_id, amount)
        select institute_id, id, substr(receipt_no, 2)::int, amount from fee_payments;
        insert into fee_receipts (institute_id, payment_id, pdf_file_key, verification_code, issued_at)
        select institute_id, id, '2026/00000000-0000-0000-0000-000000000000.pdf', md5('v' || id) || md5('c' || id), paid_at
        from fee_payments;`,
  );
  await step(
    database,
    'teachers and a year of timetable (classes Mon–Sat, a weekly online class, a monthly exam) per batch',
    sql`insert into teachers (institute_id, name) select id, 'Teacher ' || g from institutes, generate_series(1, 5) g;
        insert into class_sessions (institute_id, batch_id, subject_id, class_type, name, topics, starts_at, duration_minutes, teacher_ids, meeting_with, session_link)
        select b.institute_id, b.id, sub.id,
               (case when extract(dow from d) = 3 and p = 4 then 'Online Class' else 'Class' end)::class_type,
               case when extract(dow from d) = 3 and p = 4 then 'Live ' || sub.name else '' end,
               'Topic ' || p, d + (time '08:00' + (p - 1) * interval '1 hour') - interval '5 hours 30 minutes', 45,
               -- The institute's p-th teacher (teacher ids interleave across institutes).
               array[(select t.id from teachers t where t.institute_id = b.institute_id order by t.id offset p - 1 limit 1)],
               case when extract(dow from d) = 3 and p = 4 then 'Zoom'::meeting_provider end,
               case when extract(dow from d) = 3 and p = 4 then 'https://meet.example.com/' || b.id else '' end
        from batches b
        join academic_years ay on ay.institute_id = b.institute_id and ay.id = b.academic_year_id and ay.name = '2026-27',
        generate_series(timestamp '2026-04-01', timestamp '2027-03-31', interval '1 day') d,
        generate_series(1, 4) p,
        lateral (select s.id, s.name from subjects s where s.institute_id = b.institute_id and s.standard_id = b.standard_id
                 order by s.id offset (p + extract(dow from d)::int) % 5 limit 1) sub
        where extract(dow from d) between 1 and 6 and (extract(dow from d) < 6 or p <= 2);
        insert into class_sessions (institute_id, batch_id, class_type, name, starts_at, duration_minutes)
        select b.institute_id, b.id, 'Offline Exam', 'Unit test', m + interval '10 days 4 hours', 90
        from batches b
        join academic_years ay on ay.institute_id = b.institute_id and ay.id = b.academic_year_id and ay.name = '2026-27',
        generate_series(timestamp '2026-04-01', timestamp '2027-03-01', interval '1 month') m;
        insert into class_recordings (institute_id, session_id, host, name, size_bytes, duration_seconds, recorded_at, uploaded_at, provider_video_id)
        select institute_id, id, 'vimeo', name || ' recording', 52428800, 2700, starts_at, starts_at + interval '1 hour', '7697' || id
        from class_sessions where class_type = 'Online Class' and starts_at < timestamptz '2026-11-21 12:00+05:30';`,
  );
  await step(
    database,
    `attendance of the bench students (${benchSessions}) for the 120 days before 21-11-2026`,
    sql`insert into attendance (institute_id, student_id, session_id, batch_id, status, homework_status, remark, topics_covered)
        select cs.institute_id, e.student_id, cs.id, cs.batch_id, case when (cs.id + e.student_id) % 9 = 0 then 'A' else 'P' end, 'Done', '', cs.topics
        from (select s.institute_id, s.id from students s where s.institute_id = (select min(id) from institutes)
              order by s.id limit ${benchSessions}) st
        join enrolments e on e.institute_id = st.institute_id and e.student_id = st.id
        join class_sessions cs on cs.institute_id = e.institute_id and cs.batch_id = e.batch_id
        where cs.starts_at >= timestamptz '2026-07-24 00:00+05:30' and cs.starts_at < timestamptz '2026-11-21 12:00+05:30';`,
  );
  await step(
    database,
    'study library (first institute: a course per standard, 5,000 files in a 6-level tree of 315 topics)',
    sql`insert into library_courses (institute_id, name, is_paid, course_type_id, standard_id)
          select institute_id, 'Library ' || name, false, 1, id from standards
          where institute_id = (select min(id) from institutes);
        insert into library_subjects (institute_id, course_id, name) select institute_id, id, 'Science' from library_courses;
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
          select institute_id, course_id, id, null, 'Topic 1.' || g from library_subjects, generate_series(1, 5) g;
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
          select t.institute_id, t.course_id, t.subject_id, t.id, 'Topic 2.' || t.id || '.' || g
          from library_topics t, generate_series(1, 2) g where t.name like 'Topic 1.%';
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
          select t.institute_id, t.course_id, t.subject_id, t.id, 'Topic 3.' || t.id || '.' || g
          from library_topics t, generate_series(1, 2) g where t.name like 'Topic 2.%';
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
          select t.institute_id, t.course_id, t.subject_id, t.id, 'Topic 4.' || t.id || '.' || g
          from library_topics t, generate_series(1, 2) g where t.name like 'Topic 3.%';
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
          select t.institute_id, t.course_id, t.subject_id, t.id, 'Topic 5.' || t.id || '.' || g
          from library_topics t, generate_series(1, 2) g where t.name like 'Topic 4.%';
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
          select t.institute_id, t.course_id, t.subject_id, t.id, 'Topic 6.' || t.id || '.' || g
          from library_topics t, generate_series(1, 2) g where t.name like 'Topic 5.%';
        insert into library_files (institute_id, course_id, topic_id, title, type, kind, file_name, file_key, size_bytes, shared_on)
          select t.institute_id, t.course_id, t.id, 'File ' || g, case when g % 3 = 0 then 'Slides' else 'Notes' end, 'pdf',
                 'notes-' || g || '.pdf', '2026/00000000-0000-0000-0000-000000000000.pdf', 100000, date '2026-06-01' + (g % 150)
          from (select t.*, row_number() over (partition by course_id order by id) - 1 k,
                       count(*) over (partition by course_id) c from library_topics t) t
          join generate_series(1, 5000) g on g % t.c = t.k;`,
  );
  await step(
    database,
    `sessions for the load run (${benchSessions})`,
    sql`insert into sessions (institute_id, login_id, scope, token_hash, account_user_id, user_id, student_id, user_type, device_id, academic_year_ids, expires_at)
        select s.institute_id, 'bench-' || n, 'main', encode(sha256(convert_to(substr(md5('bench-' || n) || md5('token-' || n), 1, 43), 'UTF8')), 'hex'),
               u.id, u.id, s.id, 1, ${benchDevice},
               (select array_agg(ay.id order by ay.id) from academic_years ay where ay.institute_id = s.institute_id),
               now() + interval '30 days'
        from (select s.*, row_number() over (order by s.id) n from students s
              where s.institute_id = (select min(id) from institutes)) s
        join users u on u.institute_id = s.institute_id and u.id = s.user_id
        where n <= ${benchSessions};`,
  );
  // Vacuumed, analysed and checkpointed here, so no autovacuum of the fresh rows competes with the load run for
  // the two cores (it made the 100k figures of the same routes up to a third slower than the 10k ones).
  await step(database, 'vacuum and analyze', sql`vacuum (analyze)`);
  await step(database, 'checkpoint', sql`checkpoint`);
  console.log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      institutes: { type: 'string', default: '10' },
      'students-per-institute': { type: 'string', default: '1000' },
      'database-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench',
      },
    },
  });
  await generate(values['database-url']!, Number(values.institutes), Number(values['students-per-institute']));
}
