import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKinds } from '@campus/domain/admin/admin.endpoints';
import { createAdminKey, kindExamples } from '../../../test/admin-kit.ts';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { adminApiKeys, adminAudit, adminFiles } from '../../db/schema/admin.ts';
import { assignmentAttachments } from '../../db/schema/assignments.ts';
import { documents } from '../../db/schema/documents.ts';
import { announcements } from '../../db/schema/home.ts';
import { libraryFiles } from '../../db/schema/library.ts';
import { classRecordings } from '../../db/schema/timetable.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(64)]);

// Files through the admin API: uploaded once under the institute's external id, named by rows of other kinds, shown
// to students with those rows, replaced everywhere at once, deleted only when nothing shows them.
describe('admin API files (/api/admin/v1/files)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  let otherKey: string;
  let instituteId: number;
  const host = 'files-school.test';

  const upload = (externalId: string, filename: string, content: Buffer, options: { key?: string } = {}) => {
    const body = multipart([{ filename, content }], { external_id: externalId });
    return app.inject({
      method: 'POST',
      url: '/api/admin/v1/files',
      headers: { host, 'x-api-key': options.key ?? key, ...body.headers },
      payload: body.payload,
    });
  };
  const send = (kind: string, rows: unknown[], options: { key?: string; remove?: boolean } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/v1/${kind}${options.remove ? '/delete' : ''}`,
      headers: { host, 'x-api-key': options.key ?? key },
      payload: { rows },
    });
  const example = (kind: string, index = 0) => kindExamples.find((item) => item.kind === kind)!.rows[index]!;
  const stored = async (fileKey: string) => {
    try {
      const object = await app.storage.open(fileKey);
      const parts: Buffer[] = [];
      for await (const chunk of object.stream) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    } catch {
      return undefined;
    }
  };
  const fileRow = async (externalId: string) =>
    (
      await app.db
        .select()
        .from(adminFiles)
        .where(and(eq(adminFiles.instituteId, instituteId), eq(adminFiles.externalId, externalId)))
    )[0];

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host });
    const other = await createInstitute(database.db, { host: 'files-other.test' });
    instituteId = school.id;
    ({ key } = await createAdminKey(database.db, school.id, 'nightly sync'));
    ({ key: otherKey } = await createAdminKey(database.db, other.id, 'other sync'));
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    // Every kind's example rows, so the files have sections, subjects, sessions and topics to be named with.
    for (const kind of adminKinds) {
      const rows = kindExamples.find((item) => item.kind === kind)?.rows;
      if (!rows) continue;
      const response = await send(kind, rows);
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
    }
  });
  afterAll(() => app.close());

  it('creates a file, finds the same name and content unchanged, and audits the write', async () => {
    const first = await upload('F-CIRC', 'Circular.pdf', pdf('circular v1'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ external_id: 'F-CIRC', action: 'created', file_name: 'Circular.pdf' });
    const row = await fileRow('F-CIRC');
    expect(await stored(row!.fileKey)).toEqual(pdf('circular v1'));
    const again = await upload('F-CIRC', 'Circular.pdf', pdf('circular v1'));
    expect(again.json()).toMatchObject({ action: 'unchanged' });
    expect((await fileRow('F-CIRC'))!.fileKey).toBe(row!.fileKey);
    const [audit] = await app.db
      .select({ total: count() })
      .from(adminAudit)
      .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, 'files')));
    expect(audit!.total).toBe(1);
  });

  it('refuses a file whose content is not what its name says, and stores nothing', async () => {
    const response = await upload('F-FAKE', 'Fake.pdf', Buffer.from('MZ not a pdf at all'));
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('Fake.pdf');
    expect(await fileRow('F-FAKE')).toBeUndefined();
  });

  it('shows an announcement’s attached file and picture to its students', async () => {
    expect((await upload('F-IMG', 'Poster.png', png())).statusCode).toBe(200);
    const response = await send('announcements', [
      { ...example('announcements', 1), file_external_id: 'F-CIRC', image_file_external_id: 'F-IMG' },
    ]);
    expect(response.json()).toMatchObject({ updated: 1 });
    const session = await signIn(app, { user_name: '9822222221', password: 'first-pass-1' }, { host });
    const list = await getAs(
      app,
      session.student_auth,
      `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${session.institute_id}?is_active=true&student_id=${session.student_id}`,
      host,
    );
    const notice = (list.json().data.result as { ancmnt_title: string; file_name: string; file_url: string }[]).find(
      (item) => item.ancmnt_title === 'Class 6 trip to the museum',
    );
    expect(notice).toMatchObject({ file_name: 'Circular.pdf' });
    expect(notice!.file_url).not.toBe('');
    const rerun = await send('announcements', [
      { ...example('announcements', 1), file_external_id: 'F-CIRC', image_file_external_id: 'F-IMG' },
    ]);
    expect(rerun.json()).toMatchObject({ unchanged: 1 });
    // A picture must be an image.
    const wrong = await send('announcements', [{ ...example('announcements', 1), image_file_external_id: 'F-CIRC' }]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('row 0, image_file_external_id: "F-CIRC" (Circular.pdf) is not an image');
  });

  it('gives an assignment its teacher’s files and solutions, compared as a set on rerun', async () => {
    expect((await upload('F-SOL', 'Answers.pdf', pdf('answers'))).statusCode).toBe(200);
    const row = { ...example('assignments'), file_external_ids: 'F-CIRC', solution_file_external_ids: ['F-SOL'] };
    expect((await send('assignments', [row])).json()).toMatchObject({ updated: 1 });
    expect((await send('assignments', [row])).json()).toMatchObject({ unchanged: 1 });
    const files = await app.db
      .select({ kind: assignmentAttachments.kind, name: assignmentAttachments.displayName })
      .from(assignmentAttachments)
      .where(eq(assignmentAttachments.instituteId, instituteId))
      .orderBy(assignmentAttachments.id);
    expect(files).toEqual([
      { kind: 'teacher', name: 'Circular.pdf' },
      { kind: 'solution', name: 'Answers.pdf' },
    ]);
    const session = await signIn(app, { user_name: '9822222221', password: 'first-pass-1' }, { host });
    const [assignment] = await app.db
      .select({ id: assignmentAttachments.assignmentId })
      .from(assignmentAttachments)
      .where(eq(assignmentAttachments.instituteId, instituteId));
    const detail = await getAs(
      app,
      session.student_auth,
      `/api/v2/onlineAssignment/get/${session.institute_id}/${assignment!.id}`,
      host,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain('Circular.pdf');
    // Taking the solution away again leaves the teacher's file.
    expect((await send('assignments', [{ ...row, solution_file_external_ids: undefined }])).json()).toMatchObject({
      updated: 1,
    });
  });

  it('stores a recording, a study material file with posters and a document from uploaded files', async () => {
    expect((await upload('F-VID', 'Lesson.mp4', mp4())).statusCode).toBe(200);
    const recording = await send('recordings', [
      { ...example('recordings'), host: 'aws', provider_video_id: undefined, file_external_id: 'F-VID' },
    ]);
    expect(recording.json(), recording.body).toMatchObject({ updated: 1 });
    const notVideo = await send('recordings', [
      { ...example('recordings'), host: 'aws', provider_video_id: undefined, file_external_id: 'F-SOL' },
    ]);
    expect(notVideo.json().message).toBe('row 0, file_external_id: "F-SOL" (Answers.pdf) is not a video');
    const material = await send('library-files', [
      {
        ...example('library-files'),
        type: 'Notes',
        kind: 'file',
        video_id: undefined,
        file_external_id: 'F-CIRC',
        poster_file_external_ids: 'F-IMG',
        is_readonly: 'yes',
      },
    ]);
    expect(material.json(), material.body).toMatchObject({ updated: 1 });
    const document = await send('documents', [
      { ...example('documents'), category: 'EBook', kind: 'file', video_id: undefined, file_external_id: 'F-SOL' },
    ]);
    expect(document.json(), document.body).toMatchObject({ updated: 1 });
    const circular = await fileRow('F-CIRC');
    const [item] = await app.db.select().from(libraryFiles).where(eq(libraryFiles.fileKey, circular!.fileKey));
    expect(item).toMatchObject({ kind: 'pdf', fileName: 'Circular.pdf', isReadonly: true, videoId: null });
    expect(item!.posterKeys).toEqual([(await fileRow('F-IMG'))!.fileKey]);
    const [video] = await app.db
      .select()
      .from(classRecordings)
      .where(eq(classRecordings.fileKey, (await fileRow('F-VID'))!.fileKey));
    expect(video).toMatchObject({ host: 'aws', providerVideoId: null });
    // A question's picture; a PDF is no question media.
    const question = await send('questions', [{ ...example('questions'), media_file_external_id: 'F-IMG' }]);
    expect(question.json(), question.body).toMatchObject({ updated: 1 });
    const pdfMedia = await send('questions', [{ ...example('questions'), media_file_external_id: 'F-SOL' }]);
    expect(pdfMedia.json().message).toBe(
      'row 0, media_file_external_id: "F-SOL" (Answers.pdf) is not an image or a video',
    );
    // A file row names its file; a hosted video names its video, never both.
    const both = await send('documents', [{ ...example('documents'), kind: 'file', file_external_id: 'F-SOL' }]);
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe('row 0, video_id: must be empty when kind is file');
  });

  it('refuses a row naming a file that was never uploaded, or another institute’s file', async () => {
    const unknown = await send('announcements', [{ ...example('announcements'), file_external_id: 'F-NONE' }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      'row 0, file_external_id: no file has the external id "F-NONE" (upload it to /api/admin/v1/files first)',
    );
    // The other institute's key, on its own host, cannot name this institute's file.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/admin/v1/announcements',
      headers: { host: 'files-other.test', 'x-api-key': otherKey },
      payload: {
        rows: [
          {
            external_id: 'X1',
            title: 'x',
            description_html: 'x',
            announced_at: '20-11-2026 09:00',
            file_external_id: 'F-CIRC',
          },
        ],
      },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toContain('no file has the external id "F-CIRC"');
    // Nor upload on this institute's host.
    expect((await upload('F-X', 'x.pdf', pdf('x'), { key: otherKey })).statusCode).toBe(403);
  });

  it('replaces a file everywhere it is shown, and the old content goes', async () => {
    const before = await fileRow('F-CIRC');
    const response = await upload('F-CIRC', 'Circular (revised).pdf', pdf('circular v2'));
    expect(response.json()).toMatchObject({ action: 'updated', file_name: 'Circular (revised).pdf' });
    // The announcement, the teacher's file and the study material item.
    expect(response.json().rows_moved).toBe(3);
    const after = await fileRow('F-CIRC');
    expect(after!.fileKey).not.toBe(before!.fileKey);
    expect(await stored(before!.fileKey)).toBeUndefined();
    expect(await stored(after!.fileKey)).toEqual(pdf('circular v2'));
    const [notice] = await app.db
      .select({ key: announcements.attachmentFileKey, name: announcements.attachmentName })
      .from(announcements)
      .where(eq(announcements.attachmentFileKey, after!.fileKey));
    expect(notice).toEqual({ key: after!.fileKey, name: 'Circular (revised).pdf' });
    const [teacherFile] = await app.db
      .select({ name: assignmentAttachments.displayName, size: assignmentAttachments.sizeBytes })
      .from(assignmentAttachments)
      .where(eq(assignmentAttachments.fileKey, after!.fileKey));
    expect(teacherFile).toEqual({ name: 'Circular (revised).pdf', size: pdf('circular v2').length });
    // The rows naming it rerun unchanged: they already show the new content.
    const rerun = await send('announcements', [
      { ...example('announcements', 1), file_external_id: 'F-CIRC', image_file_external_id: 'F-IMG' },
    ]);
    expect(rerun.json()).toMatchObject({ unchanged: 1 });
  });

  it('deletes only files nothing shows, all or none', async () => {
    expect((await upload('F-OLD', 'Old.pdf', pdf('old'))).statusCode).toBe(200);
    const old = await fileRow('F-OLD');
    const refused = await send('files', [{ external_id: 'F-OLD' }, { external_id: 'F-SOL' }], { remove: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('row 1, external_id: is still shown by a document; change that row first');
    expect(await stored(old!.fileKey)).toBeDefined();
    const removed = await send('files', [{ external_id: 'F-OLD' }, { external_id: 'F-NEVER' }], { remove: true });
    expect(removed.json()).toMatchObject({
      deleted: 1,
      rows: [
        { row: 0, key: 'F-OLD', action: 'deleted' },
        { row: 1, key: 'F-NEVER', action: 'missing' },
      ],
    });
    expect(await fileRow('F-OLD')).toBeUndefined();
    expect(await stored(old!.fileKey)).toBeUndefined();
    const [documentRow] = await app.db
      .select({ key: documents.fileKey })
      .from(documents)
      .where(eq(documents.instituteId, instituteId));
    expect(documentRow).toBeDefined();
  });

  it('is documented in the OpenAPI at /docs: the upload and the delete', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const upload = document.paths['/api/admin/v1/files'].post;
    expect(JSON.stringify(upload)).toContain('multipart/form-data');
    expect(upload.parameters.map((parameter: { name: string }) => parameter.name)).toContain('x-api-key');
    expect(document.paths['/api/admin/v1/files/delete'].post).toBeDefined();
  });

  it('refuses an upload without a key, storing nothing', async () => {
    const body = multipart([{ filename: 'a.pdf', content: pdf('a') }], { external_id: 'F-A' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/v1/files',
      headers: { host, ...body.headers },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    // A revoked key is refused too.
    const revoked = await createAdminKey(app.db, instituteId, 'old sync');
    await app.db.update(adminApiKeys).set({ revokedAt: new Date() }).where(eq(adminApiKeys.id, revoked.id));
    expect((await upload('F-A', 'a.pdf', pdf('a'), { key: revoked.key })).statusCode).toBe(401);
    expect(await fileRow('F-A')).toBeUndefined();
    // Every write of this file's life is in the audit: created, replaced, deleted.
    const trail = await app.db
      .select({ action: adminAudit.action, externalId: adminAudit.externalId })
      .from(adminAudit)
      .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, 'files')))
      .orderBy(adminAudit.id);
    expect(trail.filter((entry) => entry.externalId === 'F-CIRC').map((entry) => entry.action)).toEqual([
      'create',
      'update',
    ]);
    expect(trail.filter((entry) => entry.externalId === 'F-OLD').map((entry) => entry.action)).toEqual([
      'create',
      'delete',
    ]);
  });
});

// Two uploads of one new external id at the same moment against a listening server: both answer, one creates and
// the other replaces, and one file row and one stored object remain.
describe('admin API files under parallel uploads', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  let instituteId: number;
  let base: string;
  const host = 'files-race.test';

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host });
    instituteId = school.id;
    ({ key } = await createAdminKey(database.db, school.id));
    app = await createTestApp({ database });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('keeps one row and one object', async () => {
    // Over real sockets, each request streamed as a client would send it.
    const send = (text: string) =>
      new Promise<{ status: number; body: { action: string } }>((resolve, reject) => {
        const body = multipart([{ filename: 'Race.pdf', content: pdf(text) }], { external_id: 'F-RACE' });
        const request = httpRequest(
          `${base}/api/admin/v1/files`,
          { method: 'POST', headers: { host, 'x-api-key': key, ...body.headers } },
          (response) => {
            const parts: Buffer[] = [];
            response.on('data', (chunk: Buffer) => parts.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }),
            );
          },
        );
        request.on('error', reject);
        body.payload.pipe(request);
      });
    const answers = await Promise.all([send('one'), send('two'), send('three'), send('four')]);
    const bodies = answers.map((answer) => answer.body);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(bodies.filter((body) => body.action === 'created')).toHaveLength(1);
    const rows = await app.db.select().from(adminFiles).where(eq(adminFiles.instituteId, instituteId));
    expect(rows).toHaveLength(1);
    const object = await app.storage.open(rows[0]!.fileKey);
    const parts: Buffer[] = [];
    for await (const chunk of object.stream) parts.push(chunk as Buffer);
    expect(['one', 'two', 'three', 'four'].map(pdf)).toContainEqual(Buffer.concat(parts));
    // The objects the later uploads replaced are gone: the file's is the only one stored.
    const root = (app.storage as unknown as { root: string }).root;
    const objects = readdirSync(root, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && !entry.parentPath.includes('.tmp'),
    );
    expect(objects.map((entry) => join(relative(root, entry.parentPath), entry.name))).toEqual([rows[0]!.fileKey]);
  });
});
