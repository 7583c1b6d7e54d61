import type { Session } from '@campus/domain/auth/auth.contract';
import { and, eq } from 'drizzle-orm';
import type * as Zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createExamTest } from '../../../test/factories/exam.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';
import { examQuestions } from '../../db/schema/exam.ts';

/** What the server compressed with node:zlib's one-shot calls (the kept paper's), by input. */
const compressed = vi.hoisted(() => ({ inputs: [] as string[] }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  const counted =
    <F extends (input: never, ...rest: never[]) => unknown>(compress: F) =>
    (...args: Parameters<F>) => {
      compressed.inputs.push(String(args[0]));
      return (compress as unknown as (...all: unknown[]) => unknown)(...args);
    };
  const overrides = { brotliCompress: counted(zlib.brotliCompress), deflateRaw: counted(zlib.deflateRaw) };
  return { ...zlib, ...overrides, default: { ...zlib, ...overrides } };
});

const hour = 60 * 60 * 1000;

// The test panel's paper (issue 28): the same for every student taking the test, so it is serialised and
// compressed once per change and encoding; each answer adds only the student's own fields.
describe('the panel’s paper, kept compressed', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let students: Session[];
  let testId: number;
  let instituteId: number;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host: 'localhost' });
    instituteId = school.id;
    const logins = [await createStudent(database.db, school), await createStudent(database.db, school)];
    testId = await createExamTest(database.db, school, { name: 'Kept' });
    app = await createTestApp({ database, now: () => clock, rateLimits: { loginPerMinute: 1000 } });
    students = await Promise.all(
      logins.map((login) => signIn(app, { user_name: login.login, password: login.password })),
    );
  });
  afterAll(() => app.close());

  async function start(session: Session): Promise<string> {
    const launched = await app.inject({
      method: 'POST',
      url: '/examPanel/launch',
      headers: { authorization: session.examdesk_auth_token, host: 'localhost' },
      payload: { test_id: testId },
    });
    const opened = await app.inject({
      method: 'POST',
      url: '/examPanel/open',
      headers: { host: 'localhost' },
      payload: { launch_token: launched.json().launch_token },
    });
    return opened.json().attempt_token as string;
  }
  const attempt = (token: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/examPanel/attempt',
      headers: {
        authorization: token,
        host: 'localhost',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
  /** Compressions of the paper itself (its questions' text), not of a per-request tail. */
  const paperCompressions = () => compressed.inputs.filter((input) => input.includes('"questions":[')).length;

  it('goes in brotli or gzip as asked, decodes to the plain answer, and is compressed once for every student', async () => {
    const [first, second] = await Promise.all(students.map(start));
    const plain = await attempt(first!);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().questions).toHaveLength(7);

    const before = paperCompressions();
    const br = await attempt(first!, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await attempt(first!, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(paperCompressions() - before).toBe(2);

    // Another student, answers saved, the view of the paper: the same kept paper, no compression of it again.
    const save = await app.inject({
      method: 'PUT',
      url: '/examPanel/attempt/answers',
      headers: { authorization: second!, host: 'localhost' },
      payload: { answers: [{ question_no: 3, seq: 1, answer: 'a' }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    for (const encoding of ['br', 'gzip'] as const) {
      const theirs = await attempt(second!, encoding);
      const decoded = JSON.parse((encoding === 'br' ? brotliDecompressSync : gunzipSync)(theirs.rawPayload).toString());
      expect(decoded).toEqual({
        ...plain.json(),
        answers: [expect.objectContaining({ question_no: 3, answer: 'a', seq: 1 })],
        started_at: expect.any(Number),
        ends_at: expect.any(Number),
      });
    }
    expect(paperCompressions() - before).toBe(2);
  });

  it('is built and compressed again once the paper changes, and each hour while it has media', async () => {
    const token = await start(students[0]!);
    await attempt(token, 'br');
    const before = paperCompressions();
    await app.db
      .update(examQuestions)
      .set({ question: 'Pick b, now reworded' })
      .where(
        and(
          eq(examQuestions.instituteId, instituteId),
          eq(examQuestions.testId, testId),
          eq(examQuestions.questionNo, 1),
        ),
      );
    const changed = await attempt(token, 'br');
    const decoded = JSON.parse(brotliDecompressSync(changed.rawPayload).toString());
    expect(decoded.questions[0].question).toBe('Pick b, now reworded');
    expect(paperCompressions() - before).toBe(1);

    // Question 1's figure has a signed address: good for 6 to 7 hours (to the end of the hour it was signed in).
    const source = new URL(decoded.questions[0].media.source_path, 'http://localhost');
    const figureAt = async (at: number) => {
      clock = new Date(at);
      const url = `${source.pathname}${source.search}`;
      return (await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode;
    };
    try {
      expect(await figureAt(fixedNow.getTime() + 6 * hour)).not.toBe(403);
      expect(await figureAt(fixedNow.getTime() + 7 * hour + 1)).toBe(403);
      // An hour on, the kept paper is signed again (compressed again once).
      clock = new Date(fixedNow.getTime() + hour);
      const later = JSON.parse(brotliDecompressSync((await attempt(token, 'br')).rawPayload).toString());
      expect(later.questions[0].media.source_path).not.toBe(decoded.questions[0].media.source_path);
      expect(paperCompressions() - before).toBe(2);
    } finally {
      clock = fixedNow;
    }
  });
});
