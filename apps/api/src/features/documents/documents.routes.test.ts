import type { Session } from '@campus/domain/auth/auth.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createDocument } from '../../../test/factories/documents.ts';
import { createInstitute, createStudent, createUser } from '../../../test/factories/institutes.ts';
import { createLibraryCourse } from '../../../test/factories/library.ts';
import { createProduct, purchase } from '../../../test/factories/products.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from '../../../test/helpers.ts';
import { standards, subjects } from '../../db/schema/academics.ts';
import { documents } from '../../db/schema/documents.ts';
import { institutes } from '../../db/schema/institutes.ts';
import { tinyDocx } from '../../db/seed/media-files.ts';

// A school whose student's standard has a subject with documents, another standard's subject, and an e-course
// whose documents open to its buyer only.
describe('documents', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  let buyer: Session;
  let nonBuyer: Session;
  let outsider: Session;
  const ids = {} as Record<
    | 'subject'
    | 'otherSubject'
    | 'course'
    | 'readonly'
    | 'download'
    | 'office'
    | 'image'
    | 'otherDocument'
    | 'elsewhere',
    number
  >;
  const converted: string[] = [];

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost' });
    const [otherStandard] = await db
      .insert(standards)
      .values({ instituteId: school.id, name: 'Class 9' })
      .returning({ id: standards.id });
    const [subject, otherSubject] = await db
      .insert(subjects)
      .values([
        { instituteId: school.id, standardId: school.standardId, name: 'Science' },
        { instituteId: school.id, standardId: otherStandard!.id, name: 'History' },
      ])
      .returning({ id: subjects.id });
    ids.subject = subject!.id;
    ids.otherSubject = otherSubject!.id;
    const pdf = await storage.putBuffer('%PDF-1.4 test', 'pdf');
    ids.readonly = await createDocument(db, school, {
      subjectId: ids.subject,
      category: 'EBook',
      title: 'Science ebook',
      fileName: 'ebook.pdf',
      fileKey: pdf.key,
      sizeBytes: 1_572_864,
      isReadonly: true,
      sharedOn: '2026-11-03',
    });
    await createDocument(db, school, {
      subjectId: ids.subject,
      category: 'Youtube',
      title: 'Explainer',
      kind: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    const paper = await storage.putBuffer('%PDF-1.4 unit test paper', 'pdf');
    ids.download = await createDocument(db, school, {
      subjectId: ids.subject,
      category: 'Exam',
      title: 'Unit test paper',
      fileName: 'unit-test-paper.pdf',
      fileKey: paper.key,
      sizeBytes: paper.size,
    });
    const docx = await storage.putBuffer(tinyDocx('Worksheet', ['Question one']), 'docx');
    ids.office = await createDocument(db, school, {
      subjectId: ids.subject,
      title: 'Worksheet',
      kind: 'office',
      fileName: 'worksheet.docx',
      fileKey: docx.key,
    });
    const png = await storage.putBuffer(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png');
    ids.image = await createDocument(db, school, {
      subjectId: ids.subject,
      title: 'Diagram',
      kind: 'image',
      fileName: 'diagram.png',
      fileKey: png.key,
    });
    ids.otherDocument = await createDocument(db, school, {
      subjectId: ids.otherSubject,
      title: 'History notes',
      fileName: 'history.pdf',
      fileKey: paper.key,
    });
    const elsewhere = await createInstitute(db, { host: 'other.test' });
    const [elsewhereSubject] = await db
      .insert(subjects)
      .values({ instituteId: elsewhere.id, standardId: elsewhere.standardId, name: 'Geography' })
      .returning({ id: subjects.id });
    ids.elsewhere = await createDocument(db, elsewhere, {
      subjectId: elsewhereSubject!.id,
      title: 'Elsewhere paper',
      fileName: 'elsewhere.pdf',
      fileKey: paper.key,
    });
    const outsiderLogin = await createStudent(db, elsewhere);
    const product = await createProduct(db, school);
    const course = await createLibraryCourse(db, school, { productId: product, name: 'Paid e-course' });
    ids.course = course.courseId;
    await createDocument(db, school, { courseId: ids.course, category: 'Exam', title: 'Course exam paper' });
    const studentLogin = await createStudent(db, school);
    const buyerLogin = await createUser(db, school, { userType: 99 });
    const nonBuyerLogin = await createUser(db, school, { userType: 99 });
    await purchase(db, school, buyerLogin.userId, product);
    app = await createTestApp({
      database,
      storage,
      rateLimits: { loginPerMinute: 1000 },
      // A stand-in for LibreOffice (library.routes.test.ts converts real files with it).
      officeConverter: async (path) => {
        converted.push(path);
        return Buffer.from('%PDF-1.4 converted worksheet');
      },
    });
    const login = (account: { login: string; password: string }) =>
      signIn(app, { user_name: account.login, password: account.password });
    student = await login(studentLogin);
    buyer = await login(buyerLogin);
    nonBuyer = await login(nonBuyerLogin);
    outsider = await signIn(
      app,
      { user_name: outsiderLogin.login, password: outsiderLogin.password },
      { host: 'other.test' },
    );
  }, 120_000);
  afterAll(() => app.close());

  const get = (session: Session, url: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', authorization: session.student_auth, source: 'WEB', ...headers },
    });
  const downloadFile = (session: Session, fileId: number, headers: Record<string, string> = {}) =>
    get(session, `/api/v1/instFileSystem/downloadFile/${session.institute_id}?fileId=${fileId}`, headers);
  const pdfFile = (session: Session, fileId: number) =>
    get(session, `/api/v1/instFileSystem/${session.institute_id}/files/download?fileId=${fileId}`);
  const subjectLevel = (session: Session) =>
    get(
      session,
      `/api/v1/fileShare/subject-level/${session.institute_id}?student_id=${session.student_id}&subject_id=${ids.subject}&share_with=2`,
    );

  it('lists the student’s subjects, and an open-course user’s e-courses', async () => {
    const mine = await get(student, `/api/v1/fileShare/${student.institute_id}?student_id=${student.student_id}`);
    expect(mine.json().result.subject_list).toEqual([{ subject_id: ids.subject, subject_name: 'Science' }]);
    const courses = await get(buyer, `/api/v1/fileShare/${buyer.institute_id}?user_id=${buyer.user_id}`);
    expect(courses.json().result.subject_list).toEqual([{ course_id: ids.course, course_name: 'Paid e-course' }]);
    const none = await get(nonBuyer, `/api/v1/fileShare/${nonBuyer.institute_id}?user_id=${nonBuyer.user_id}`);
    expect(none.json().result.subject_list).toEqual([]);
  });

  it('answers a subject’s documents by category with sizes, dates and the encoded YouTube id', async () => {
    const response = await get(
      student,
      `/api/v1/fileShare/subject-level/${student.institute_id}?student_id=${student.student_id}&subject_id=${ids.subject}&share_with=2`,
    );
    expect(response.statusCode).toBe(200);
    const { fileMap, vimeo_video_downlodable } = response.json().result;
    expect(Object.keys(fileMap).sort()).toEqual(['EBook', 'Exam', 'Other', 'Youtube']);
    expect(fileMap.EBook[0]).toMatchObject({
      title: 'Science ebook',
      size: 1_572_864,
      student_file_share_date: '03-11-2026',
      is_readonly: 'Y',
      subject_name: 'Science',
    });
    expect(fileMap.EBook[0].file_url).toMatch(/^\/api\/v1\/files\//);
    expect(fileMap.Youtube[0].proc_id).toBe('ZFF3NHc5V2dYY1E=');
    expect(vimeo_video_downlodable).toBe(1);
  });

  it('refuses another standard’s subject and an e-course not bought, naming nothing', async () => {
    const other = await get(
      student,
      `/api/v1/fileShare/subject-level/${student.institute_id}?student_id=${student.student_id}&subject_id=${ids.otherSubject}&share_with=2`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('History');
    const course = (session: Session) =>
      get(
        session,
        `/api/v1/fileShare/subject-level/${session.institute_id}?share_with=2&user_id=${session.user_id}&eCourse_id=${ids.course}`,
      );
    expect((await course(buyer)).json().result.fileMap.Exam[0].title).toBe('Course exam paper');
    const refused = await course(nonBuyer);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Course exam paper');
  });

  it('asks for a subject or an e-course', async () => {
    const response = await get(
      student,
      `/api/v1/fileShare/subject-level/${student.institute_id}?student_id=${student.student_id}&share_with=2`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('downloadFile answers a downloadable document itself, as an attachment, and counts the download', async () => {
    const response = await downloadFile(student, ids.download);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('%PDF-1.4 unit test paper');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="unit-test-paper.pdf"/);
    // A resuming client asks for the rest: answered as a range, and not counted again.
    const rest = await downloadFile(student, ids.download, { range: 'bytes=9-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.body).toBe('unit test paper');
    const [row] = await app.db
      .select({ downloads: documents.downloadCount })
      .from(documents)
      .where(eq(documents.id, ids.download));
    expect(row!.downloads).toBe(1);
  });

  it('downloadFile refuses a read-only document, another standard’s and another institute’s, naming nothing', async () => {
    for (const fileId of [ids.readonly, ids.otherDocument, ids.elsewhere]) {
      const refused = await downloadFile(student, fileId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
    }
    // Nor to a user of the other institute, nor without a session.
    const outside = await app.inject({
      method: 'GET',
      url: `/api/v1/instFileSystem/downloadFile/${outsider.institute_id}?fileId=${ids.download}`,
      headers: { host: 'other.test', authorization: outsider.student_auth },
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('unit');
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/v1/instFileSystem/downloadFile/${student.institute_id}?fileId=${ids.download}`,
      headers: { host: 'localhost' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('files/download gives the PDF viewer a PDF inline, an office document converted, never an image', async () => {
    const pdf = await pdfFile(student, ids.readonly);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^inline/);
    expect(pdf.body).toBe('%PDF-1.4 test');
    const office = await pdfFile(student, ids.office);
    expect(office.statusCode).toBe(302);
    const preview = await get(student, office.headers.location as string);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.body).toBe('%PDF-1.4 converted worksheet');
    expect(converted).toHaveLength(1);
    const image = await pdfFile(student, ids.image);
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toBe('Preview not supported. Please download the file.');
    expect((await pdfFile(student, ids.otherDocument)).statusCode).toBe(404);
  });

  it('answers the institute’s Vimeo download switch', async () => {
    expect((await subjectLevel(student)).json().result.vimeo_video_downlodable).toBe(1);
    await app.db.update(institutes).set({ isVimeoDownloadable: false }).where(eq(institutes.id, student.institute_id));
    app.instituteSettings.forget(student.institute_id);
    try {
      expect((await subjectLevel(student)).json().result.vimeo_video_downlodable).toBe(0);
    } finally {
      await app.db.update(institutes).set({ isVimeoDownloadable: true }).where(eq(institutes.id, student.institute_id));
      app.instituteSettings.forget(student.institute_id);
    }
  });
});
