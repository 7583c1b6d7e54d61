import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Session } from '@campus/domain/auth/auth.contract';
import { adminKinds } from '@campus/domain/admin/admin.endpoints';
import { maxTopicDepth } from '@campus/domain/library/library-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, postLogin, signIn } from '../../../test/auth-helpers.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import { timetableBody } from '../../../test/timetable-requests.ts';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { findExternalIds } from './admin.repository.ts';
import { standards } from '../../db/schema/academics.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { smsOutbox } from '../../db/schema/auth.ts';
import { importFiles } from './import-files.ts';
import { importCsv } from './import.service.ts';

const templates = resolve(import.meta.dirname, '../../../../../docs/import-templates');
const host = 'greenvalley.test';

describe('CSV import: the templates of every kind, into an empty institute', () => {
  let database: Database;
  let instituteId: number;
  let storage: Storage;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  const importTemplate = (kind: (typeof adminKinds)[number]) =>
    importCsv({
      db: database.db,
      instituteId,
      kind,
      input: createReadStream(resolve(templates, `${kind}.csv`)),
      now: fixedNow,
      hasPasswordsOut: true,
      receipts: { storage, origin: `http://${host}` },
    });

  beforeAll(async () => {
    database = await createMigratedDatabase();
    // Classes in the classroom and online (the timetable lists the imported live class too); receipts on.
    instituteId = (
      await createInstitute(database.db, { host, classesMode: 'HYBRID_BLENDED', isFeeReceiptEnabled: true })
    ).id;
    storage = createTestStorage();
  });
  afterAll(() => app?.close());

  const importFileList = () =>
    importFiles({
      db: database.db,
      storage,
      instituteId,
      listPath: resolve(templates, 'files.csv'),
      now: fixedNow,
    });

  it('imports every template without an error', async () => {
    // The files first: rows of the kinds below name them.
    const files = await importFileList();
    expect(files).toMatchObject({ errors: [], committed: true, rows: 6, created: 6 });
    for (const kind of adminKinds) {
      const report = await importTemplate(kind);
      expect(report.errors, kind).toEqual([]);
      expect(report.committed, kind).toBe(true);
      expect(report.created, kind).toBe(report.rows);
    }
  });

  it('finds nothing to change on a second run', async () => {
    expect(await importFileList()).toMatchObject({ errors: [], unchanged: 6, created: 0, updated: 0 });
    for (const kind of adminKinds) {
      const report = await importTemplate(kind);
      expect({ kind, unchanged: report.unchanged, created: report.created, updated: report.updated }).toEqual({
        kind,
        unchanged: report.rows,
        created: 0,
        updated: 0,
      });
    }
  });

  it('leaves no receipt in storage when a file of payments is a dry run or refused', async () => {
    const files = () =>
      readdirSync((storage as unknown as { root: string }).root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.parentPath.includes('.tmp'))
        .map((entry) => join(entry.parentPath, entry.name));
    const before = files();
    const header = readFileSync(resolve(templates, 'payments.csv'), 'utf8').split('\n')[0];
    const fresh = 'PAY-0003,GV-2026-0003,S-1001,FS-6-2026,Cash,10-07-2026 10:00,2,15000,';
    const payments = (lines: string[], dryRun = false) =>
      importCsv({
        db: database.db,
        instituteId,
        kind: 'payments',
        input: Readable.from([Buffer.from([header, ...lines, ''].join('\n'))]),
        now: fixedNow,
        dryRun,
        receipts: { storage, origin: `http://${host}` },
      });
    // The dry run records the payment, rendering and storing its receipt, then rolls back.
    expect(await payments([fresh], true)).toMatchObject({ committed: false, created: 1, errors: [] });
    expect(files()).toEqual(before);
    // A later line changing an issued payment refuses the file after the new payment's receipt was stored.
    const refused = await payments([fresh, 'PAY-0001,GV-2026-0001,S-1001,FS-6-2026,UPI,05-04-2026 11:00,1,14000,']);
    expect(refused.committed).toBe(false);
    expect(refused.errors).toEqual([
      { line: 3, field: 'external_id', rule: 'is a recorded payment whose receipt is issued, so it cannot change' },
    ]);
    expect(files()).toEqual(before);
  });

  describe('signed in as an imported student and parent', () => {
    let student: Session;
    let parent: Session;
    beforeAll(async () => {
      app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
      student = await signIn(app, { user_name: '9822222221', password: 'asha-first-1' }, { host });
      const roles = (await postLogin(app, { user_name: '9833333331', password: 'meena-first-1' }, { host })).json();
      parent = Array.isArray(roles.result)
        ? await signIn(
            app,
            { user_name: '9833333331', password: 'meena-first-1', user_type: 2, user_id: roles.result[0].user_id },
            { host },
          )
        : (roles.result as Session);
    });

    const announcements = (session: Session) =>
      getAs(
        app,
        session.student_auth,
        `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${session.institute_id}?is_active=true&student_id=${session.student_id}`,
        host,
      );
    const assignmentsOf = (session: Session) =>
      app.inject({
        method: 'POST',
        url: '/api/v2/onlineAssignment/student/getAssignmentsDetail',
        headers: { authorization: session.student_auth, host },
        payload: { category_id: 255, institute_id: session.institute_id, student_id: session.student_id },
      });

    it('shows the student the notices for everyone and for their section, on home', async () => {
      for (const session of [student, parent]) {
        const response = await announcements(session);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).toContain('Annual sports day');
        expect(response.body).toContain('Class 6 museum visit');
        expect(response.body).toContain('Anita Rao');
        // The circular uploaded from the files list, attached to the sports day notice.
        expect(response.body).toContain('"file_name":"Sports day circular.pdf"');
      }
    });

    it('shows the student and the parent the imported classes in the timetable, the live class on Zoom', async () => {
      for (const session of [student, parent]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v2/timeTable/v3',
          headers: { authorization: session.student_auth, host },
          payload: timetableBody(session, '2026-11-01', '2026-11-30'),
        });
        expect(response.statusCode, response.body).toBe(200);
        const list = response.json().result.batchTimeTableList;
        expect(Object.keys(list)).toEqual(['2026-11-23', '2026-11-24']);
        expect(list['2026-11-23'][0]).toMatchObject({ class_type: 'Class' });
        // The link shows once the class has started (the clock is fixed before it).
        expect(list['2026-11-24'][0]).toMatchObject({ class_type: 'Online Class', live_meeting_with: 'Zoom' });
      }
    });

    it('shows the student and the parent the imported fees, with the payment and its receipt', async () => {
      const year = (await findExternalIds(database.db, instituteId, 'academic-years', ['AY2026'])).get('AY2026')!;
      for (const session of [student, parent]) {
        const response = await getAs(
          app,
          session.student_auth,
          `/api/v1/studentWise/fee/${session.institute_id}/students/${session.student_id}/${year.internalId}`,
          host,
        );
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json().result;
        expect(result.a_install_li.map((row: { install_no: number }) => row.install_no)).toEqual([1, 1, 2, 3]);
        expect(result.p_install_li.map((row: { f_rec_no: string }) => row.f_rec_no)).toEqual(['GV-2026-0001']);
        const download = await getAs(
          app,
          session.student_auth,
          `/api/v1/studentWise/fee/${session.student_id}/feeReceipt/GV-2026-0001/download?fin_yr=2026-27&acad_year=${year.internalId}`,
          host,
        );
        expect(download.statusCode, download.body).toBe(200);
      }
    });

    it('shows the student the study library course of their standard', async () => {
      const response = await getAs(
        app,
        student.student_auth,
        `/api/v1/instFileSystem/get-student-ecourses/${student.institute_id}/${student.student_id}?source=STUDENT_PORTAL`,
        host,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.map((course: { course_name: string }) => course.course_name)).toEqual([
        'Class 6 study material',
      ]);
    });

    it('shows the student the imported subtopic nested under its topic, with its video', async () => {
      const courses = await getAs(
        app,
        student.student_auth,
        `/api/v1/instFileSystem/get-student-ecourses/${student.institute_id}/${student.student_id}?source=STUDENT_PORTAL`,
        host,
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/instFileSystem/get-study-material',
        headers: { authorization: student.student_auth, host },
        payload: { ecourse_id: courses.json().result[0].ecourse_id, institute_id: student.institute_id, product_id: 0 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [maths] = response.json().result;
      expect(maths).toMatchObject({ subjectName: 'Mathematics', subtopic_count: 2, file_count: 1 });
      expect(maths.subtopicList).toHaveLength(1);
      const [fractions] = maths.subtopicList;
      expect(fractions).toMatchObject({ topicName: 'Fractions', subtopic_count: 1, file_count: 1 });
      expect(fractions.studyMaterialMap).toEqual({});
      expect(fractions.subtopicList).toHaveLength(1);
      expect(fractions.subtopicList[0]).toMatchObject({ topicName: 'Adding fractions', subtopicList: [] });
      expect(fractions.subtopicList[0].studyMaterialMap.YoutubeURL[0]).toMatchObject({
        title: 'Adding fractions',
        youtubeVideoID: 'dQw4w9WgXcQ',
      });
    });

    it('shows the student and the parent the imported offline results, and the upcoming offline exam', async () => {
      for (const session of [student, parent]) {
        const response = await getAs(app, session.student_auth, `/api/v1/reports/Student/${session.student_id}`, host);
        expect(response.statusCode, response.body).toBe(200);
        const answer = response.json();
        expect(answer.pastCourseExamSchdJson).toHaveLength(1);
        expect(answer.pastCourseExamSchdJson[0].pastCourseExamList).toEqual([
          expect.objectContaining({
            exam_date_iso: '2026-11-14',
            topic_name: 'Term 1',
            attendance_status: 'P',
            courseLevelMarksObtain: 80.5,
            courseLevelTotalMarks: 100,
            subjectWiseExamSchdList: [
              { subject_name: 'Mathematics', marks_obtained: 42, total_marks: 50, rank: 1 },
              { subject_name: 'Science', marks_obtained: 38.5, total_marks: 50, rank: 2 },
            ],
          }),
        ]);
        expect(answer.batchExamSchdJsons.futureCourseExamSchdJson[0].futureCourseExamList).toEqual([
          expect.objectContaining({ topic_name: 'Unit test 3', start_time: '09:30', end_time: '10:30' }),
        ]);
      }
    });

    it('shows the student and the parent the homework with its evaluation', async () => {
      for (const session of [student, parent]) {
        const response = await assignmentsOf(session);
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json().result;
        const titles = [...result.upcoming_online_assignment_list, ...result.past_online_assignment_list].map(
          (item: { title: string }) => item.title,
        );
        expect(titles.sort()).toEqual(['Fractions worksheet', 'Parts of a plant']);
        const plant = result.past_online_assignment_list.find(
          (item: { title: string }) => item.title === 'Parts of a plant',
        );
        expect(plant).toMatchObject({ teacher_status: 'Evaluated' });
      }
    });
  });
});

describe('CSV import: dialects, errors and dry runs', () => {
  let database: Database;
  let instituteId: number;
  beforeAll(async () => {
    database = await createMigratedDatabase();
    instituteId = (await createInstitute(database.db, { host: 'dialects.test' })).id;
  });
  afterAll(() => database.close());

  const run = (
    kind: (typeof adminKinds)[number],
    text: string,
    options: Partial<Parameters<typeof importCsv>[0]> = {},
  ) =>
    importCsv({
      db: database.db,
      instituteId,
      kind,
      input: Readable.from([Buffer.from(text)]),
      now: fixedNow,
      ...options,
    });
  const standardNames = async () =>
    (await database.db.select({ name: standards.name }).from(standards).where(eq(standards.instituteId, instituteId)))
      .map((row) => row.name)
      .sort();

  it('reads Excel’s semicolon dialect with a BOM, CRLF lines and quoted fields', async () => {
    const report = await run(
      'standards',
      '\uFEFFexternal_id;name\r\nX1;"Class 1; morning"\r\nX2;"Class ""Two"""\r\n\r\n',
    );
    expect(report).toMatchObject({ committed: true, created: 2, errors: [] });
    expect(await standardNames()).toEqual(expect.arrayContaining(['Class "Two"', 'Class 1; morning']));
  });

  it('changes nothing when any line has an error, and names the line, the field and the rule', async () => {
    const before = await standardNames();
    const report = await run(
      'academic-years',
      'external_id,name,start_date,end_date\nY1,2030,01-04-2030,31-03-2031\nY2,2031,31-02-2031,2032-03-31\nY1,again,01-04-2030,31-03-2031\n',
    );
    expect(report.committed).toBe(false);
    expect(report.errors).toEqual([
      { line: 3, field: 'start_date', rule: 'must be a date DD-MM-YYYY or YYYY-MM-DD' },
      { line: 4, field: '(key)', rule: 'repeats line 2' },
    ]);
    expect(await standardNames()).toEqual(before);
    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, 'academic-years')));
    expect(audit).toEqual([]);
  });

  it('imports the good lines with skipInvalid', async () => {
    const report = await run('standards', 'external_id,name\nX3,Class 3\nX4,\nX5,Class 5\n', { skipInvalid: true });
    expect(report).toMatchObject({ committed: true, created: 2, skipped: 1 });
    expect(report.errors).toEqual([{ line: 3, field: 'name', rule: 'is required' }]);
  });

  it('refuses a topic deeper than topics nest, naming its line', async () => {
    expect((await run('standards', 'external_id,name\nDS,Class D\n')).committed).toBe(true);
    expect((await run('library-courses', 'external_id,standard_external_id,name\nDC,DS,Deep\n')).committed).toBe(true);
    expect((await run('library-subjects', 'external_id,course_external_id,name\nDJ,DC,Maths\n')).committed).toBe(true);
    const lines = Array.from(
      { length: maxTopicDepth + 1 },
      (_, index) => `T${index + 1},DJ,Level ${index + 1},${index === 0 ? '' : `T${index}`}`,
    );
    const report = await run(
      'library-topics',
      `external_id,subject_external_id,name,parent_topic_external_id\n${lines.join('\n')}\n`,
    );
    expect(report.committed).toBe(false);
    expect(report.errors).toEqual([
      {
        line: maxTopicDepth + 2,
        field: 'parent_topic_external_id',
        rule: `sits ${maxTopicDepth + 1} levels deep; topics nest at most ${maxTopicDepth} levels`,
      },
    ]);
  });

  it('refuses unknown columns and missing required ones in the header', async () => {
    const report = await run('standards', 'external_id,title\nX9,Class 9\n');
    expect(report.committed).toBe(false);
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { line: 1, field: 'title', rule: 'is not a column of standards' },
        { line: 1, field: 'name', rule: 'is a required column, missing from the header' },
      ]),
    );
  });

  it('reports in a dry run what would change, and changes nothing', async () => {
    const before = await standardNames();
    const report = await run('standards', 'external_id,name\nX1,Class 1 (renamed)\nX2,"Class ""Two"""\nX6,Class 6\n', {
      dryRun: true,
    });
    expect(report).toMatchObject({ committed: false, created: 1, updated: 1, unchanged: 1, errors: [] });
    expect(await standardNames()).toEqual(before);
  });

  it('deletes the rows a file names with mode remove, reporting the ones it does not know', async () => {
    const report = await run('standards', 'external_id\nX3\nX404\n', { mode: 'remove' });
    expect(report).toMatchObject({ committed: true, deleted: 1, missing: 1, errors: [] });
    expect(await standardNames()).not.toContain('Class 3');
  });

  it('refuses to create logins without a password unless they go to a file or by text, and queues the texts', async () => {
    const file = 'external_id,name,phone\nL1,Lina,9844444441\n';
    const refused = await run('students', file);
    expect(refused.committed).toBe(false);
    expect(refused.errors[0]!.rule).toContain('--passwords-out');
    const sent = await run('students', file, { sendSms: true });
    expect(sent.committed).toBe(true);
    const [text] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '9844444441'));
    expect(text!.body).toContain('••••••••');
    expect(text!.body).not.toContain(sent.createdLogins[0]!.password);
    expect(text!.secret).toBe(sent.createdLogins[0]!.password);
  });
});
