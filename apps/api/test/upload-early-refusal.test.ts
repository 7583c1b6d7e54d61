import type { Session } from '@campus/domain/auth/auth.contract';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import * as academicsWriter from '../src/access/academics.writer.ts';
import { instituteHosts } from '../src/db/schema/institutes.ts';
import { postLogin, signIn } from './auth-helpers.ts';
import { createAssignment } from './factories/assignments.ts';
import {
  createInstitute,
  createParent,
  createStudent,
  createSubject,
  createUser,
  enrol,
  factoryPassword,
} from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from './helpers.ts';

const megabyte = 1024 * 1024;
/** The file the client means to send: under the 150 MB limit, so only the permission check can stop it early. */
const fileBytes = 120 * megabyte;

type Login = { login: string; password: string };

/**
 * Uploads someone may not make are refused before their files are read: against a listening server, the client
 * streams a large file after fileJson and stops once the answer arrives; it had sent far less than the file. Built
 * from factories: a school (at localhost and 127.0.0.1) whose student has a pending assignment, the student's parent
 * (of two), a student of another section and an open-course user.
 */
describe('an upload the sender may not make', () => {
  let app: App;
  let port: number;
  let storage: ReturnType<typeof createTestStorage>;
  let aarav: Session;
  let fileId: number;
  const logins = {} as Record<'otherStudent' | 'openCourseUser' | 'parent', Login>;
  const signInAs = (login: Login) => signIn(app, { user_name: login.login, password: login.password });

  beforeAll(async () => {
    storage = createTestStorage();
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isOnlineAssignmentEnabled: true });
    await db.insert(instituteHosts).values({ host: '127.0.0.1', instituteId: school.id });
    const [sectionB] = await academicsWriter.batchRows.create(db, school.id, [
      { standardId: school.standardId, academicYearId: school.currentYear.id, name: 'B' },
    ]);
    const owner = await createStudent(db, school, { user: { name: 'Aarav Sharma' } });
    const sister = await createStudent(db, school, { user: { name: 'Diya Sharma' } });
    logins.parent = await createParent(db, school, [owner.studentId, sister.studentId]);
    const classmate = await createStudent(db, school, { years: [] });
    await enrol(db, school, classmate.studentId, { batchId: sectionB! });
    logins.otherStudent = classmate;
    logins.openCourseUser = await createUser(db, school, { userType: 99 });
    await createAssignment(db, school, await createSubject(db, school));
    app = await createTestApp({ storage, database, rateLimits: { loginPerMinute: 10_000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    aarav = await signInAs(owner);
    const list = await app.inject({
      method: 'POST',
      url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
      headers: { authorization: aarav.student_auth },
      payload: { category_id: 255, institute_id: aarav.institute_id, student_id: aarav.student_id },
    });
    fileId = (list.json().result.upcoming_online_assignment_list as { file_id: number; student_status: string }[]).find(
      (item) => item.student_status === 'Pending',
    )!.file_id;
  });
  afterAll(async () => {
    // Hangs when a refused upload's connection is left open mid-body.
    await app?.close();
  });

  /** Streams fileJson, then one file of `fileBytes`, as fast as the server takes it, until the answer comes. */
  function streamUpload(credential: string, fileJson: unknown) {
    const boundary = `----portal${randomBytes(8).toString('hex')}`;
    return new Promise<{ status: number; body: { code: string; message: string }; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v2/onlineAssignment/student/updateAssignment',
        headers: { authorization: credential, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('response', (response) => {
        answered = true;
        let text = '';
        response.on('data', (chunk) => (text += String(chunk)));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode!, body: JSON.parse(text), sent });
        });
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const write = (chunk: Buffer) =>
        new Promise<void>((done) => {
          sent += chunk.length;
          if (request.write(chunk)) done();
          else request.once('drain', done);
        });
      void (async () => {
        await write(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="fileJson"\r\n\r\n${JSON.stringify(fileJson)}\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
          ),
        );
        const chunk = Buffer.alloc(megabyte, 0x41);
        for (let left = fileBytes; left > 0 && !answered && !request.destroyed; left -= chunk.length) {
          await write(chunk);
        }
        if (!answered && !request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
      })();
    });
  }

  const aaravsWork = () => ({
    institute_id: aarav.institute_id,
    category_id: 255,
    studentId_array: [aarav.student_id],
    file_id: fileId,
    student_status: 'Draft',
    student_comment: '',
    attachmentId_array: [],
    url_lists: [],
  });
  const staged = () => {
    const tmp = join(storage.root, '.tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  };

  it.each([
    ['another student', async () => signInAs(logins.otherStudent)],
    ['an open-course user (type 99)', async () => signInAs(logins.openCourseUser)],
    [
      'a parent',
      async () => {
        const { login } = logins.parent;
        const roles = (await postLogin(app, { user_name: login, password: factoryPassword })).json().result;
        return signIn(app, { user_name: login, password: factoryPassword, user_type: 2, user_id: roles[0].user_id });
      },
    ],
  ])('refuses %s writing into a student’s work before reading the file', async (_who, session) => {
    const { student_auth: credential } = await session();
    const answer = await streamUpload(credential, aaravsWork());
    expect([403, 404]).toContain(answer.status);
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(answer.body.code);
    // The answer came while the client was still sending: the server read a few megabytes of buffers at most.
    expect(answer.sent).toBeLessThan(fileBytes / 4);
    expect(staged()).toEqual([]);
  });

  it('still takes the owner’s upload (the same stream, under the limit)', async () => {
    const answer = await streamUpload(aarav.student_auth, aaravsWork());
    expect(answer).toMatchObject({ status: 200, sent: expect.any(Number) as number });
    expect(answer.sent).toBeGreaterThan(fileBytes);
  });
});
