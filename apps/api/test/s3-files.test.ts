import type { Session } from '@campus/domain/auth/auth.contract';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage, type S3Storage } from '../src/lib/s3-storage.ts';
import { signIn } from './auth-helpers.ts';
import { createAssignment } from './factories/assignments.ts';
import { createInstitute, createStudent, createSubject } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

const megabyte = 1024 * 1024;

/**
 * The API on a bucket (STORAGE=s3) end to end: an upload streams through a route into the bucket, and the signed
 * download address streams it back through the API, whole or by byte range. Built from factories: a school whose
 * student has a pending assignment.
 */
describe('files in a bucket, through the API', () => {
  let server: S3TestServer;
  let storage: S3Storage;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  let fileId: number;

  beforeAll(async () => {
    server = await startS3Server();
    storage = s3Storage({ bucket: await server.createBucket(), client: server.client() });
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isOnlineAssignmentEnabled: true });
    const student = await createStudent(db, school);
    await createAssignment(db, school, await createSubject(db, school));
    app = await createTestApp({ database, storage });
    aarav = await signIn(app, { user_name: student.login, password: student.password });
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
    await app?.close();
    await server?.stop();
  });

  const bucketKeys = async () =>
    ((await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }))).Contents ?? []).map(
      (object) => object.Key!,
    );

  it('stores an upload in the bucket and serves it back whole and by byte range at its signed address', async () => {
    const size = 6 * megabyte + 123;
    const body = multipart([{ filename: 'scan.pdf', size, head: Buffer.from('%PDF-1.4\n') }], {
      institute_id: aarav.institute_id,
      category_id: 255,
      studentId_array: [aarav.student_id],
      file_id: fileId,
      student_status: 'Draft',
      student_comment: '',
      attachmentId_array: [],
      url_lists: [],
    });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v2/onlineAssignment/student/updateAssignment',
      headers: { authorization: aarav.student_auth, ...body.headers },
      payload: body.payload,
    });
    expect(saved.json()).toEqual({ statusCode: 200, message: 'Assignment saved as draft successfully!' });
    const keys = await bucketKeys();
    expect(keys).toEqual([expect.stringMatching(/^\d{4}\/[0-9a-f-]{36}\.pdf$/)]);
    expect(await storage.sizeOf(keys[0]!)).toBe(size);

    const files = await app.inject({
      method: 'GET',
      url: `/api/v2/onlineAssignment/studentAttachmentsDetail/${aarav.institute_id}/${aarav.student_id}/${fileId}`,
      headers: { authorization: aarav.student_auth },
    });
    const [attachment] = files.json().result.student_attachment as { attachment_id: number }[];
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v2/onlineAssignment/downloadFile',
      headers: { authorization: aarav.student_auth },
      payload: { attachmentId_array: [attachment!.attachment_id], institute_id: aarav.institute_id },
    });
    const url = answer.json().result.body as string;

    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.rawPayload.length).toBe(size);
    expect(whole.rawPayload.subarray(0, 9).toString()).toBe('%PDF-1.4\n');

    const head = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-7/${size}`);
    expect(head.body).toBe('%PDF-1.4');
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-3' } });
    expect(tail.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
    expect(tail.body).toBe('AAA');
    const past = await app.inject({ method: 'GET', url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    // An object gone from the bucket is a 404, as a missing file on disk is.
    await storage.remove(keys[0]!);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
