import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Session } from '@campus/domain/auth/auth.contract';
import type { SubjectNode, TopicNode } from '@campus/domain/library/library.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './auth-helpers.ts';
import { createExamTest } from './factories/exam.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createLibraryCourse, createLibraryFile, createTopic } from './factories/library.ts';
import { createClassSession, createTeacher } from './factories/timetable.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from './helpers.ts';

type Answer = Awaited<ReturnType<Awaited<ReturnType<typeof createTestApp>>['inject']>>;

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/** The answer's body as sent before encoding, whatever Content-Encoding it came with. */
const decoded = (answer: Answer) => {
  const encoding = answer.headers['content-encoding'];
  return encoding ? decoders[String(encoding)]!(answer.rawPayload) : answer.rawPayload;
};

/** A built web app with one precompressed script and one file the build did not precompress. */
function webDist() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<html><head><link rel="icon" href="data:," /></head><div id="root"></div>');
  const script = `console.log(${JSON.stringify('a'.repeat(4000))});`;
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'notes-abc123.txt'), 'plain text '.repeat(400));
  return { dir, script };
}

// Built from factories: a school whose student has a month of classes, a test paper and a library course with a
// stored text file; the answers' bodies are compared with and without Accept-Encoding.
describe('compressed answers', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  // Signs in again and again in the login test: another student, so the first one's session stays.
  let classmateLogin: { login: string; password: string };
  let courseId = 0;
  let attemptToken = '';
  const dist = webDist();
  const storage = createTestStorage();
  const notes = Buffer.from(Array.from({ length: 300 }, (_, line) => `Line ${line} of the notes.\n`).join(''));

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isElearnEnabled: true });
    const studentLogin = await createStudent(db, school);
    classmateLogin = await createStudent(db, school);
    const teacher = await createTeacher(db, school, { name: 'Meera Pillai' });
    // Three classes on each weekday of November 2026: a month's timetable of a few KB.
    for (let day = 2; day <= 27; day += 1) {
      if (new Date(Date.UTC(2026, 10, day)).getUTCDay() % 6 === 0) continue;
      for (const hour of [3, 5, 7]) {
        await createClassSession(db, school, {
          classType: 'Class',
          name: `Period ${hour}`,
          topics: 'Linear equations in one variable',
          teacherIds: [teacher],
          startsAt: new Date(Date.UTC(2026, 10, day, hour, 30)),
          durationMinutes: 45,
        });
      }
    }
    const testId = await createExamTest(db, school, { name: 'Unit test' });
    const course = await createLibraryCourse(db, school, { name: 'Mathematics' });
    courseId = course.courseId;
    for (let topicNo = 1; topicNo <= 4; topicNo += 1) {
      const topic = await createTopic(db, school, course, { name: `Chapter ${topicNo}` });
      for (let fileNo = 1; fileNo <= 3; fileNo += 1) {
        await createLibraryFile(db, storage, school, courseId, topic, {
          title: `Chapter ${topicNo} notes, part ${fileNo}`,
          content: notes,
          extension: 'txt',
          kind: 'other',
          fileName: `chapter-${topicNo}-${fileNo}.txt`,
        });
      }
    }
    app = await createTestApp({
      database,
      storage,
      config: { LOG_LEVEL: 'silent', WEB_DIST_DIR: dist.dir },
      rateLimits: { loginPerMinute: 1000 },
    });
    student = await signIn(app, { user_name: studentLogin.login, password: studentLogin.password });
    const launched = await app.inject({
      method: 'POST',
      url: '/examPanel/launch',
      headers: { authorization: student.examdesk_auth_token, host: 'localhost' },
      payload: { test_id: testId },
    });
    const opened = await app.inject({
      method: 'POST',
      url: '/examPanel/open',
      headers: { host: 'localhost' },
      payload: { launch_token: launched.json().launch_token },
    });
    attemptToken = opened.json().attempt_token;
    expect(attemptToken).toBeTruthy();
  });
  afterAll(() => app.close());

  const timetable = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/timeTable/v3',
      headers: { authorization: student.student_auth, host: 'localhost', ...headers },
      payload: {
        batch_id: -1,
        course_id: -1,
        standard_id: -1,
        subject_id: -1,
        teacher_id: -1,
        master_course: '',
        startdate: '2026-11-01',
        enddate: '2026-11-30',
        institute_id: student.institute_id,
        student_id: student.student_id,
        isCourseStructureTimeTable: 'N',
        isExamIncludedInTimeTable: 'Y',
        is_included_online_class: 'Y',
        is_included_online_exam: 'Y',
      },
    });
  const paper = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: '/examPanel/attempt',
      headers: { authorization: attemptToken, host: 'localhost', ...headers },
    });
  const material = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/instFileSystem/get-study-material',
      headers: { authorization: student.student_auth, host: 'localhost', ...headers },
      payload: { ecourse_id: courseId, institute_id: student.institute_id, product_id: 0 },
    });
  const login = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/user/v3/login',
      headers: { host: 'localhost', ...headers },
      payload: {
        user_name: classmateLogin.login,
        password: classmateLogin.password,
        device_id: 'test-device-1',
        source: 'WEB',
      },
    });

  const answers = { 'the timetable month': timetable, 'the test paper': paper, 'the study material': material };

  describe.each(Object.entries(answers))('%s', (_name, ask) => {
    it.each(['br', 'gzip'])(
      'comes %s-compressed when asked, and decompresses to the plain answer',
      async (encoding) => {
        const plain = await ask();
        expect(plain.statusCode, plain.body).toBe(200);
        expect(plain.rawPayload.length).toBeGreaterThan(1024);
        expect(plain.headers['content-encoding']).toBeUndefined();
        const compressed = await ask({ 'accept-encoding': encoding === 'br' ? 'br, gzip' : 'gzip' });
        expect(compressed.statusCode).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers.vary).toMatch(/accept-encoding/i);
        expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
        // Answers up to 256 KB are compressed in one call and state their length; the kept paper and study material
        // stream theirs (chunked). A stated length is the sent one.
        const sent = String(compressed.rawPayload.length);
        expect(compressed.headers['content-length'] ?? sent).toBe(sent);
        expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decoded(compressed).equals(plain.rawPayload)).toBe(true);
        expect(JSON.parse(decoded(compressed).toString('utf8'))).toEqual(plain.json());
      },
    );

    it('comes as it is to a client that accepts no compression', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const answer = await ask(headers);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(() => answer.json()).not.toThrow();
      }
    });
  });

  it('compresses the login answer too when it is over 1 KB', async () => {
    const plain = await login();
    expect(plain.statusCode).toBe(200);
    const compressed = await login({ 'accept-encoding': 'br' });
    const expected = plain.rawPayload.length > 1024 ? 'br' : undefined;
    expect(compressed.headers['content-encoding']).toBe(expected);
    // Each login is a new session: same fields, new credentials.
    expect(Object.keys(JSON.parse(decoded(compressed).toString('utf8')).result)).toEqual(
      Object.keys(plain.json().result),
    );
  });

  it('leaves an answer under 1 KB uncompressed', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/academicYear/all/${student.institute_id}`,
      headers: { authorization: student.student_auth, host: 'localhost', 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  describe('stored files behind signed addresses', () => {
    /** The notes' address, and the course grant the study material hands out with it (a cookie). */
    async function notesRequest() {
      const answer = await material();
      const subjects = answer.json().result as SubjectNode[];
      const topics = (nodes: TopicNode[]): TopicNode[] => nodes.flatMap((node) => [node, ...topics(node.subtopicList)]);
      const items = topics(subjects.flatMap((subject) => subject.subtopicList)).flatMap((node) =>
        Object.values(node.studyMaterialMap).flat(),
      );
      return { url: items[0]!.file_url!, cookie: String(answer.headers['set-cookie']).split(';')[0]! };
    }
    const download = async (headers: Record<string, string>) => {
      const { url, cookie } = await notesRequest();
      return app.inject({ method: 'GET', url, headers: { host: 'localhost', cookie, ...headers } });
    };

    it('sends a whole text file byte for byte, with its length, even to a client that accepts brotli', async () => {
      const whole = await download({ 'accept-encoding': 'br, gzip' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toContain('text/plain');
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.headers['content-length']).toBe(String(notes.length));
      expect(whole.rawPayload.equals(notes)).toBe(true);
    });

    it('answers a Range request 206 with the exact bytes asked for, never encoded', async () => {
      const part = await download({ 'accept-encoding': 'br, gzip', range: 'bytes=100-1299' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.headers['content-range']).toBe(`bytes 100-1299/${notes.length}`);
      expect(part.rawPayload.equals(notes.subarray(100, 1300))).toBe(true);
    });
  });

  describe('the web app’s files', () => {
    it('serves a precompressed script from its .br file, as built', async () => {
      const script = await app.inject({
        method: 'GET',
        url: '/my-account/assets/index-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(script.rawPayload).toString()).toBe(dist.script);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves a file the build did not precompress as it is', async () => {
      const text = await app.inject({
        method: 'GET',
        url: '/my-account/assets/notes-abc123.txt',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(text.statusCode).toBe(200);
      expect(text.headers['content-encoding']).toBeUndefined();
      expect(text.body).toBe('plain text '.repeat(400));
    });
  });

  it('answers HEAD without a body, describing the plain answer', async () => {
    const plain = await paper();
    const head = await app.inject({
      method: 'HEAD',
      url: '/examPanel/attempt',
      headers: { authorization: attemptToken, host: 'localhost', 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    // Fastify's HEAD route measures the body before any encoding: a consistent identity description.
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
  });
});
