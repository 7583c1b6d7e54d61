// PostgreSQL only: office previews beside two API processes that only enqueue (WORKER=off) and two workers, all on
// one database, as `docs/topology.md` runs them. Every file asked for through both processes at once is converted
// exactly once, by a worker, and every request gets its PDF.
import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { subjects } from '../src/db/schema/academics.ts';
import { tinyDocx } from '../src/db/seed/media-files.ts';
import { jobKinds } from '../src/features/index.ts';
import { officePreviewer, type OfficeConverter } from '../src/lib/office-preview.ts';
import { signIn } from './auth-helpers.ts';
import { createDocument } from './factories/documents.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from './helpers.ts';
import { databaseUrl } from './template.ts';
import { databaseNameOf, openWorkers } from './workers.ts';

describe('office previews with two API processes and two workers on one PostgreSQL database', () => {
  const storage = createTestStorage();
  let database: Database;
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  let workers: Awaited<ReturnType<typeof openWorkers>>;
  /** Conversions by worker. */
  const conversions = [0, 0];
  const fileIds: number[] = [];
  let student: Session;

  const converterOf =
    (worker: number): OfficeConverter =>
    async () => {
      conversions[worker] = conversions[worker]! + 1;
      // Long enough that the requests of both processes find the job waiting or running.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return Buffer.from('%PDF-1.4\n% converted\n%%EOF\n');
    };

  beforeAll(async () => {
    database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host: 'localhost' });
    const [subject] = await database.db
      .insert(subjects)
      .values({ instituteId: school.id, standardId: school.standardId, name: 'Science' })
      .returning({ id: subjects.id });
    for (let index = 0; index < 4; index += 1) {
      const docx = await storage.putBuffer(tinyDocx(`Sheet ${index}`, [`Question ${index}`]), 'docx');
      fileIds.push(
        await createDocument(database.db, school, {
          subjectId: subject!.id,
          title: `Sheet ${index}`,
          kind: 'office',
          fileName: `sheet-${index}.docx`,
          fileKey: docx.key,
        }),
      );
    }
    const account = await createStudent(database.db, school);
    const name = await databaseNameOf(database);
    for (let index = 0; index < 2; index += 1) {
      const pool = await openPostgres(databaseUrl(name), { poolSize: 4 });
      // A converter here would be a fault: an API process that only enqueues never converts.
      const officeConverter: OfficeConverter = async () => {
        throw new Error('an API process converted');
      };
      apps.push(await createTestApp({ database: pool, storage, worker: 'off', officeConverter }));
    }
    student = await signIn(apps[0]!, { user_name: account.login, password: account.password });
    workers = await openWorkers(database, {
      kinds: [...jobKinds],
      extra: (pool, index) => ({
        officePreviews: officePreviewer(pool.db, storage, converterOf(index), { atOnce: 2, now: () => fixedNow }),
      }),
    });
  });
  afterAll(async () => {
    await workers?.stop();
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('converts each file once, in a worker, however many ask through both processes at once', async () => {
    const get = (index: number, url: string) =>
      apps[index % 2]!.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost', authorization: student.student_auth, source: 'WEB' },
      });
    const requests = fileIds.flatMap((fileId) =>
      [0, 1, 2, 3].map(async (index) => {
        const address = await get(
          index,
          `/api/v1/instFileSystem/${student.institute_id}/files/download?fileId=${fileId}`,
        );
        expect(address.statusCode).toBe(302);
        return get(index + 1, address.headers.location as string);
      }),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.every((answer) => answer.headers['content-type'] === 'application/pdf')).toBe(true);
    expect(conversions[0]! + conversions[1]!).toBe(fileIds.length);
  });
});
