import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { uploadSlots } from '../src/lib/uploads.ts';
import { createAssignment } from './factories/assignments.ts';
import { createInstitute, createStudent, createSubject } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from './helpers.ts';
import { multipart, pdfBytes } from './multipart.ts';

// The per-account upload slots are counted per API process: behind a load balancer, N processes take 2N uploads of
// one account at once. One process here stands for them all, so the slot is opened wide.
beforeAll(() => {
  vi.spyOn(uploadSlots, 'withUploadSlot').mockImplementation((_account, upload) => upload());
});
afterAll(() => {
  vi.restoreAllMocks();
});

interface Session {
  student_auth: string;
  institute_id: number;
  student_id: number;
}

/**
 * The upload limits of one submission (20 files, 5 links) under real parallel requests against a listening server:
 * each save is checked against what is stored when it commits, not against what it saw before. Built from
 * factories: a school at 127.0.0.1 whose student has two pending assignments.
 */
describe('parallel draft saves of one assignment', () => {
  let app: App;
  let base: string;
  let session: Session;
  let storage: ReturnType<typeof createTestStorage>;
  let pending: { file_id: number; title: string }[];

  beforeAll(async () => {
    storage = createTestStorage();
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: '127.0.0.1', isOnlineAssignmentEnabled: true });
    const student = await createStudent(db, school);
    const subjectId = await createSubject(db, school);
    for (let index = 0; index < 2; index += 1) await createAssignment(db, school, subjectId);
    app = await createTestApp({ storage, database, rateLimits: { loginPerMinute: 10_000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/v2/user/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_name: student.login,
        password: student.password,
        device_id: 'race',
        source: 'WEB',
      }),
    });
    session = ((await login.json()) as { result: Session }).result;
    const list = await fetch(`${base}/api/v2/onlineAssignment/student/getAssignmentsDetail`, {
      method: 'POST',
      headers: { authorization: session.student_auth, 'content-type': 'application/json' },
      body: JSON.stringify({ category_id: 255, institute_id: session.institute_id, student_id: session.student_id }),
    });
    const listed = (await list.json()) as {
      result: { upcoming_online_assignment_list: { file_id: number; title: string; student_status: string }[] };
    };
    pending = listed.result.upcoming_online_assignment_list.filter((item) => item.student_status === 'Pending');
  });
  afterAll(async () => {
    await app?.close();
  });

  const save = async (fileId: number, files: { filename: string; content: Buffer }[], links: unknown[]) => {
    const body = multipart(files, {
      institute_id: session.institute_id,
      category_id: 255,
      studentId_array: [session.student_id],
      file_id: fileId,
      student_status: 'Draft',
      student_comment: '',
      attachmentId_array: [],
      url_lists: links,
    });
    const response = await fetch(`${base}/api/v2/onlineAssignment/student/updateAssignment`, {
      method: 'POST',
      headers: { authorization: session.student_auth, ...body.headers },
      body: body.payload as unknown as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  };
  const stored = async (fileId: number) => {
    const response = await fetch(
      `${base}/api/v2/onlineAssignment/studentAttachmentsDetail/${session.institute_id}/${session.student_id}/${fileId}`,
      { headers: { authorization: session.student_auth } },
    );
    const files = ((await response.json()) as { result: { student_attachment: { is_link: boolean }[] } }).result
      .student_attachment;
    return { files: files.filter((file) => !file.is_link).length, links: files.filter((file) => file.is_link).length };
  };
  const storedKeys = () =>
    readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.pdf') && !entry.parentPath.includes('.tmp'),
    ).length;

  it('stores at most 20 files when 10 saves of 3 files each race; the rest are refused with the limit message', async () => {
    const fileId = pending[0]!.file_id;
    const before = storedKeys();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, request) =>
        save(
          fileId,
          Array.from({ length: 3 }, (_, index) => ({
            filename: `r${request}-${index}.pdf`,
            content: pdfBytes(`request ${request} file ${index}`),
          })),
          [],
        ),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    // 6 saves (18 files) fit; a 7th would make 21.
    expect(accepted).toHaveLength(6);
    expect(refused).toEqual(
      Array.from({ length: 4 }, () => ({ status: 400, message: 'You can upload up to 20 files only.' })),
    );
    expect(await stored(fileId)).toEqual({ files: 18, links: 0 });
    // Nothing half-written: a refused save left no file in place and none staged.
    expect(storedKeys() - before).toBe(18);
    expect(readdirSync(join(storage.root, '.tmp'))).toEqual([]);
  });

  it('stores at most 5 links when 10 saves of one link each race', async () => {
    const fileId = pending[1]!.file_id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, request) =>
        save(fileId, [], [{ display_name: `link ${request}`, url: `https://example.com/${request}`, remarks: '' }]),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(
      Array.from({ length: 5 }, () => ({ status: 400, message: 'You can add up to 5 links only.' })),
    );
    expect(await stored(fileId)).toEqual({ files: 0, links: 5 });
  });
});
