import type { Session } from '@campus/domain/auth/auth.contract';
import { previewNotSupported, previewUnavailable } from '@campus/domain/media/media-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminKey } from '../../../test/admin-kit.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { createDocument } from '../../../test/factories/documents.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import {
  closedAfterEach,
  createMigratedDatabase,
  createTestApp,
  createTestStorage,
  fixedNow,
} from '../../../test/helpers.ts';
import { waitForJobs } from '../../../test/jobs.ts';
import { multipart } from '../../../test/multipart.ts';
import type { AppOptions } from '../../app.ts';
import { subjects } from '../../db/schema/academics.ts';
import { officePreviews } from '../../db/schema/media.ts';
import { openJobQueue } from '../../lib/job-queue.ts';
import { tinyDocx } from '../../db/seed/media-files.ts';
import { ConversionLimitError } from '../../lib/document-sandbox.ts';
import { officePreviewer, type OfficeConverter } from '../../lib/office-preview.ts';
import { officePreviewJob, officePreviewRetriesJob } from './office-preview.jobs.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A converter that counts its calls and answers a PDF naming the input. */
function countingConverter() {
  const inputs: string[] = [];
  const converter: OfficeConverter = async (input) => {
    inputs.push(input);
    return Buffer.from(`%PDF-1.4\n% converted\n%%EOF\n`);
  };
  return Object.assign(converter, { inputs });
}

/**
 * An office file's preview that cannot be had says whose fault it is (issue 27, item 17): the spec's 'Preview not
 * supported' for a file the converter refuses, and 'not available right now' (503) when this server has no converter
 * or a limit stopped the conversion, which is tried again later.
 */
describe('an office preview that cannot be had', () => {
  const apps = closedAfterEach<Awaited<ReturnType<typeof createTestApp>>>();

  /** A school with one Word worksheet, an app over it and a signed-in student; `preview()` asks for its PDF. */
  async function schoolWith(overrides: Partial<AppOptions>) {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const school = await createInstitute(database.db, { host: 'localhost' });
    const [subject] = await database.db
      .insert(subjects)
      .values({ instituteId: school.id, standardId: school.standardId, name: 'Science' })
      .returning({ id: subjects.id });
    const docx = await storage.putBuffer(tinyDocx('Worksheet', ['Question one']), 'docx');
    const fileId = await createDocument(database.db, school, {
      subjectId: subject!.id,
      title: 'Worksheet',
      kind: 'office',
      fileName: 'worksheet.docx',
      fileKey: docx.key,
    });
    const account = await createStudent(database.db, school);
    const app = await createTestApp({ database, storage, ...overrides });
    apps.push(app);
    const student: Session = await signIn(app, { user_name: account.login, password: account.password });
    const get = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost', authorization: student.student_auth, source: 'WEB' },
      });
    const preview = async () => {
      const address = await get(`/api/v1/instFileSystem/${student.institute_id}/files/download?fileId=${fileId}`);
      expect(address.statusCode).toBe(302);
      return get(address.headers.location as string);
    };
    return { app, database, storage, school, docxKey: docx.key, preview };
  }

  const previewWith = async (officeConverter: OfficeConverter | null) =>
    (await schoolWith({ officeConverter })).preview();

  it('no converter on this server: not available right now, not the file’s fault', async () => {
    const answer = await previewWith(null);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ code: 'UNAVAILABLE', message: previewUnavailable });
  });

  it('a conversion stopped by a limit: not available right now, with when to ask again', async () => {
    const answer = await previewWith(async () => {
      throw new ConversionLimitError('conversion took longer than 60 s');
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe(previewUnavailable);
    // The first retry waits a minute (retryDelayMs).
    expect(answer.headers['retry-after']).toBe('60');
  });

  it('a file the converter cannot read: the spec’s Preview not supported', async () => {
    const answer = await previewWith(async () => {
      throw new Error('LibreOffice wrote no PDF');
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().message).toBe(previewNotSupported);
  });

  it('converts a document once however many ask for it at once', async () => {
    const converter = countingConverter();
    const { preview } = await schoolWith({ officeConverter: converter });
    const answers = await Promise.all(Array.from({ length: 6 }, () => preview()));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((answer) => answer.headers['content-type'] === 'application/pdf')).toBe(true);
    expect(converter.inputs).toHaveLength(1);
  });

  it('an API process that only enqueues (WORKER=off) never converts: the worker does, while the request waits', async () => {
    const inApi = countingConverter();
    const { app, database, storage, preview } = await schoolWith({ worker: 'off', officeConverter: inApi });
    const inWorker = countingConverter();
    const worker = openJobQueue(database, { kinds: [officePreviewJob], log: silent, works: true, stopTimeoutMs: 5000 });
    const previewer = officePreviewer(database.db, storage, inWorker, { atOnce: 1, now: () => fixedNow });
    worker.work({ db: database.db, now: () => fixedNow, log: silent, jobs: worker, officePreviews: previewer });
    try {
      await worker.start();
      const answer = await preview();
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(inWorker.inputs).toHaveLength(1);
      expect(inApi.inputs).toHaveLength(0);
      expect(app.officePreviews).toBeUndefined();
    } finally {
      await worker.stop();
    }
  });

  it('no worker taking jobs: the request answers after its wait, 503 with when to ask again, and the job waits', async () => {
    const { app, preview } = await schoolWith({ worker: 'off', officePreviewWaitMs: 300 });
    const answer = await preview();
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe(previewUnavailable);
    expect(answer.headers['retry-after']).toBe('15');
    expect(await app.jobs.depth()).toMatchObject({ waiting: 1 });
  });

  it('an office file uploaded through the admin API is converted before anyone asks for its preview', async () => {
    const converter = countingConverter();
    const { app, school } = await schoolWith({ officeConverter: converter });
    const { key } = await createAdminKey(app.db, school.id);
    const body = multipart([{ filename: 'notes.docx', content: tinyDocx('Notes', ['Chapter one']) }], {
      external_id: 'notes-1',
    });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/admin/v1/files',
      headers: { host: 'localhost', 'x-api-key': key, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    await waitForJobs(app.jobs);
    expect(converter.inputs).toHaveLength(1);
    const rows = await app.db.select().from(officePreviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.previewFileKey).toMatch(/\.pdf$/);
  });

  it('a conversion a limit stopped is tried again by the minute’s job once its pause has ended', async () => {
    let now = fixedNow;
    let stopped = true;
    const converter: OfficeConverter = async () => {
      if (stopped) throw new ConversionLimitError('conversion took longer than 60 s');
      return Buffer.from('%PDF-1.4\n%%EOF\n');
    };
    const { app, docxKey, preview } = await schoolWith({ officeConverter: converter, now: () => now });
    expect((await preview()).statusCode).toBe(503);
    stopped = false;
    // Within the pause the minute's job leaves it alone. (Run here directly: its periods follow the real clock.)
    await officePreviewRetriesJob.run(app, {});
    await waitForJobs(app.jobs);
    expect(
      (await app.db.select().from(officePreviews).where(eq(officePreviews.sourceFileKey, docxKey)))[0],
    ).toMatchObject({ previewFileKey: null, attempts: 1 });
    now = new Date(fixedNow.getTime() + 61_000);
    // The next minute's run enqueues the conversion, which now succeeds.
    await officePreviewRetriesJob.run(app, {});
    await waitForJobs(app.jobs);
    const [row] = await app.db.select().from(officePreviews).where(eq(officePreviews.sourceFileKey, docxKey));
    expect(row!.previewFileKey).toMatch(/\.pdf$/);
    expect((await preview()).statusCode).toBe(200);
  });
});
