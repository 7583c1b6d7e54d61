import type { Session } from '@campus/domain/auth/auth.contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix } from '../src/features/index.ts';
import { signIn } from './auth-helpers.ts';
import { createAssignment } from './factories/assignments.ts';
import { createDocument } from './factories/documents.ts';
import { createEvent } from './factories/events.ts';
import { createExamLabel, createExamTest } from './factories/exam.ts';
import { createFeePlan } from './factories/fees.ts';
import { createAnnouncement, createBanner } from './factories/home.ts';
import { createInstitute, everyAreaOn, createStudent, createSubject, factoryPassword } from './factories/institutes.ts';
import { createLibraryCourse, createLibraryFile, createTopic } from './factories/library.ts';
import { createMessage } from './factories/messages.ts';
import { createProduct, purchase } from './factories/products.ts';
import { createClassSession } from './factories/timetable.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from './helpers.ts';

/** Values an attacker or a broken client sends where an id, a name or a flag belongs. */
const hostileScalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '😀🙃',
    'NaN',
    '-0',
    '1e400',
  ),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1.5, 2 ** 53 + 7),
  fc.boolean(),
  fc.constant(null),
);
const hostileValue = fc.oneof(
  hostileScalar,
  fc.array(hostileScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'user_name',
      'password',
      'device_id',
      'institute_id',
      'student_id',
      'user_id',
      'token',
      'login',
      'attachmentId_array',
      'file_id',
      'address',
      'dob',
      'photo',
      '__proto__',
      'constructor',
    ),
    hostileValue,
    { maxKeys: 6 },
  ),
  hostileValue,
);
const pathSegment = fc.oneof(
  fc.integer({ min: -10, max: 10 }).map(String),
  fc.constantFrom(
    'abc',
    '99999999999999999999',
    '-1',
    '0',
    '%27%20OR%201%3D1',
    '..%2F..%2F',
    '1.5',
    'null',
    '%F0%9F%98%80',
    'x'.repeat(300),
  ),
);

const runsPerRoute = 200;

describe('hostile requests to every route', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  let aaravLogin: string;
  const signInAarav = () => signIn(app, { user_name: aaravLogin, password: factoryPassword });
  // No demo: a school at localhost with every area switched on and a student, Aarav, who has a row of each area
  // (an assignment, a document, an event, an exam label and test, fees, a notice and a banner, a library file, a
  // message, three bought courses, a class), so the small ids the fuzzer sends name real rows, as in the demo.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', ...everyAreaOn });
    const student = await createStudent(db, school, { user: { name: 'Aarav Sharma' } });
    aaravLogin = student.login;
    const subjectId = await createSubject(db, school, 'Science');
    await createAssignment(db, school, subjectId);
    await createDocument(db, school, { subjectId });
    await createEvent(db, school);
    await createExamTest(db, school, { labelId: await createExamLabel(db, school) });
    await createFeePlan(db, school, student.studentId, { installments: [{ due: school.today, amount: 500_000 }] });
    await createAnnouncement(db, school, { batchIds: [school.currentYear.batchId] });
    await createBanner(db, school);
    const course = await createLibraryCourse(db, school);
    await createLibraryFile(db, storage, school, course.courseId, await createTopic(db, school, course), {
      content: '%PDF-1.4 notes',
    });
    await createMessage(db, school, student.login);
    // Three bought courses, as the demo's student has: one running, one free, one expired.
    for (const [pricePaise, enrolledDaysAgo, days] of [
      [249_900, 30, 180],
      [0, 10, 90],
      [99_900, 400, 365],
    ] as const) {
      const productId = await createProduct(db, school, {
        pricePaise,
        itemTypes: ['Video Lectures', 'Mock Tests', 'Notes'],
      });
      await purchase(db, school, student.userId, productId, { enrolledDaysAgo, days });
    }
    await createClassSession(db, school);
    app = await createTestApp({
      database,
      storage,
      rateLimits: { loginPerMinute: 100_000, forgotPasswordPerMinute: 100_000, ssoPerMinute: 100_000 },
    });
    aarav = await signInAarav();
  });
  afterAll(() => app.close());

  for (const entry of Object.keys(accessMatrix)) {
    const [method, template] = entry.split(' ') as ['GET' | 'POST' | 'PUT', string];
    it(`${entry}: ${runsPerRoute} malformed requests answer 4xx (or 2xx), never 5xx or a stack`, async () => {
      // Signed in afresh per route: a fuzzed call of the logout route ends the session it carries.
      aarav = await signInAarav();
      const segments = template.split('/').filter((part) => part.startsWith(':')).length;
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathSegment, { minLength: segments, maxLength: segments }),
          fc.dictionary(
            fc.constantFrom('virtualHostUrl', 'deviceId', 'student_id', 'is_active', 'fileId', 'poster', 'x'),
            fc.string({ maxLength: 30 }),
            { maxKeys: 3 },
          ),
          hostileBody,
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ),
          fc.boolean(),
          async (values, query, body, contentType, isSignedIn) => {
            let index = 0;
            const url = template.replace(/:[A-Za-z_]+/g, () => values[index++] ?? '1');
            const payload =
              method === 'GET'
                ? undefined
                : contentType === 'application/json'
                  ? JSON.stringify(body)
                  : String(JSON.stringify(body));
            const response = await app.inject({
              method,
              url,
              query,
              headers: {
                ...(payload === undefined ? {} : { 'content-type': contentType }),
                ...(isSignedIn
                  ? {
                      authorization: aarav.student_auth,
                      'x-prod-user-id': String(aarav.user_id),
                      'x-prod-inst-id': String(aarav.institute_id),
                    }
                  : {}),
              },
              ...(payload === undefined ? {} : { payload }),
            });
            expect(response.statusCode, `${method} ${url} ${payload?.slice(0, 80)}`).toBeLessThan(500);
            expect(response.body).not.toMatch(/\n\s+at |node_modules|Error: /);
          },
        ),
        { numRuns: runsPerRoute, seed: 20261121 },
      );
    });
  }

  it('answers an oversize JSON body with 413 on every route that takes a body', async () => {
    const huge = JSON.stringify({ user_name: 'x'.repeat(5 * 1024 * 1024) });
    for (const entry of Object.keys(accessMatrix)) {
      const [method, template] = entry.split(' ') as ['GET' | 'POST' | 'PUT', string];
      if (method === 'GET') continue;
      const response = await app.inject({
        method,
        url: template.replace(/:[A-Za-z_]+/g, '1'),
        headers: { 'content-type': 'application/json', authorization: aarav.student_auth },
        payload: huge,
      });
      expect([401, 403, 404, 413, 415], entry).toContain(response.statusCode);
    }
  });
});
