import type { Session } from '@campus/domain/auth/auth.contract';
import { previewNotSupported, previewUnavailable } from '@campus/domain/media/media-rules';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createDocument } from '../../../test/factories/documents.ts';
import { createInstitute, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from '../../../test/helpers.ts';
import { subjects } from '../../db/schema/academics.ts';
import { tinyDocx } from '../../db/seed/media-files.ts';
import { ConversionLimitError } from '../../lib/document-sandbox.ts';
import type { OfficeConverter } from '../../lib/office-preview.ts';

/**
 * An office file's preview that cannot be had says whose fault it is (issue 27, item 17): the spec's 'Preview not
 * supported' for a file the converter refuses, and 'not available right now' (503) when this server has no converter
 * or a limit stopped the conversion, which is tried again later.
 */
describe('an office preview that cannot be had', () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function previewWith(officeConverter: OfficeConverter | null) {
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
    const app = await createTestApp({ database, storage, officeConverter });
    apps.push(app);
    const student: Session = await signIn(app, { user_name: account.login, password: account.password });
    const get = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost', authorization: student.student_auth, source: 'WEB' },
      });
    const address = await get(`/api/v1/instFileSystem/${student.institute_id}/files/download?fileId=${fileId}`);
    expect(address.statusCode).toBe(302);
    return get(address.headers.location as string);
  }

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
});
