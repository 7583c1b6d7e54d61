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
async function ensureDatabase(url: string) {
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
    'products and purchases',
    sql`insert into products (institute_id, title, price_paise, category)
        select id, 'Course ' || g, g * 49900, 'Category' from institutes, generate_series(1, 8) g;
        insert into product_purchases (institute_id, user_id, product_id, public_order_id, enrolled_on, expires_on)
        select p.institute_id, u.id, p.id, 'ORD-' || u.id || '-' || p.id, date '2026-06-01', date '2026-06-01' + (p.id % 400)
        from products p join users u on u.institute_id = p.institute_id and (u.id + p.id) % 5 = 0;`,
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
  await step(database, 'analyze', sql`analyze`);
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
