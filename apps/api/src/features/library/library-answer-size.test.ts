import type { Session } from '@campus/domain/auth/auth.contract';
import { studyMaterialAnswerSchema } from '@campus/domain/library/library.contract';
import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createLibraryCourse } from '../../../test/factories/library.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';

// Issue 28: the study-material answer of the bench's largest course (5,000 files in a six-level tree of 315
// topics, bench/data.ts) used to be 2.3 MB, a quarter of it one user's grant repeated in every file address and
// 38 % empty video and poster fields.
describe('POST /api/v1/instFileSystem/get-study-material on a 5,000-file course', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let first: Session;
  let second: Session;
  let courseId: number;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const [one, two] = [await createStudent(db, school), await createStudent(db, school)];
    const course = await createLibraryCourse(db, school, { name: 'Science' });
    courseId = course.courseId;
    // Five top-level topics, each doubling down to the sixth level (315 topics); the files dealt round them.
    await db.execute(sql`
      insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
      select ${school.id}, ${courseId}, ${course.subjectId}, null, 'Topic 1.' || g from generate_series(1, 5) g`);
    for (let level = 2; level <= 6; level += 1) {
      await db.execute(sql`
        insert into library_topics (institute_id, course_id, subject_id, parent_id, name)
        select t.institute_id, t.course_id, t.subject_id, t.id, ${`Topic ${level}.`} || t.id || '.' || g
        from library_topics t, generate_series(1, 2) g
        where t.course_id = ${courseId} and t.name like ${`Topic ${level - 1}.%`}`);
    }
    await db.execute(sql`
      insert into library_files (institute_id, course_id, topic_id, title, type, kind, file_name, file_key, size_bytes, shared_on)
      select t.institute_id, t.course_id, t.id, 'File ' || g, case when g % 3 = 0 then 'Slides' else 'Notes' end, 'pdf',
             'notes-' || g || '.pdf', '2026/00000000-0000-0000-0000-000000000000.pdf', 100000, date '2026-06-01' + (g % 150)
      from (select t.*, row_number() over (order by id) - 1 k, count(*) over () c
            from library_topics t where t.course_id = ${courseId}) t
      join generate_series(1, 5000) g on g % t.c = t.k`);
    app = await createTestApp({ database });
    first = await signIn(app, { user_name: one.login, password: one.password });
    second = await signIn(app, { user_name: two.login, password: two.password });
  }, 120_000);
  afterAll(() => app.close());

  const material = (session: Session, encoding?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/instFileSystem/get-study-material',
      headers: {
        host: 'localhost',
        authorization: session.student_auth,
        ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
      },
      payload: { ecourse_id: courseId, institute_id: session.institute_id, product_id: 0 },
    });

  it('goes out in under 100 KB, the same bytes for every student, with no grant and no empty field in it', async () => {
    const plain = await material(first);
    expect(plain.statusCode).toBe(200);
    const answer = studyMaterialAnswerSchema.parse(plain.json());
    const topics = answer.result[0]!.subtopicList;
    expect(answer.result[0]).toMatchObject({ subtopic_count: 315, file_count: 5000 });
    expect(topics).toHaveLength(5);

    // Nothing empty: no "" and no [] anywhere but a leaf topic's list of subtopics.
    expect(plain.body.replaceAll('"subtopicList":[]', '')).not.toMatch(/:(""|\[\])/);
    // No grant in the answer: each file's address is its course and its id, the grant a cookie of its own.
    const addresses = plain.body.match(/"file_url":"[^"]*"/g)!;
    expect(addresses).toHaveLength(5000);
    for (const address of addresses) expect(address).toMatch(/^"file_url":"\/api\/v1\/files\/course\/\d+\/\d+"$/);
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(/^course_grant=/);
    expect(plain.body).not.toContain(cookie.split(';')[0]!.split('=')[1]);

    // Another student's answer: the same bytes, a grant of their own.
    const other = await material(second);
    expect(other.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(other.headers['set-cookie']).not.toBe(plain.headers['set-cookie']);

    // On the wire: brotli when accepted, else gzip, each within 100 KB and the same JSON once decoded.
    const brotli = await material(second, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThanOrEqual(100 * 1024);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await material(first, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThanOrEqual(100 * 1024);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Refused by q=0: sent as it is.
    const refused = await material(first, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });
});
