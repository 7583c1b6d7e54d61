import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import {
  createDocument,
  createInstitute,
  createLibraryCourse,
  createProduct,
  createStudent,
  createUser,
  purchase,
} from '../../../test/factories.ts';
import { createMigratedDatabase, createTestApp, createTestStorage } from '../../../test/helpers.ts';
import { standards, subjects } from '../../db/schema/index.ts';

// A school whose student's standard has a subject with documents, another standard's subject, and an e-course
// whose documents open to its buyer only.
describe('documents', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let student: Session;
  let buyer: Session;
  let nonBuyer: Session;
  const ids = {} as Record<'subject' | 'otherSubject' | 'course', number>;

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
    await createDocument(db, school, {
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
    await createDocument(db, school, { subjectId: ids.otherSubject, title: 'History notes' });
    const product = await createProduct(db, school);
    const course = await createLibraryCourse(db, school, { productId: product, name: 'Paid e-course' });
    ids.course = course.courseId;
    await createDocument(db, school, { courseId: ids.course, category: 'Exam', title: 'Course exam paper' });
    const studentLogin = await createStudent(db, school);
    const buyerLogin = await createUser(db, school, { userType: 99 });
    const nonBuyerLogin = await createUser(db, school, { userType: 99 });
    await purchase(db, school, buyerLogin.userId, product);
    app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
    const login = (account: { login: string; password: string }) =>
      signIn(app, { user_name: account.login, password: account.password });
    student = await login(studentLogin);
    buyer = await login(buyerLogin);
    nonBuyer = await login(nonBuyerLogin);
  }, 120_000);
  afterAll(() => app.close());

  const get = (session: Session, url: string) =>
    app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: session.student_auth } });

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
    expect(Object.keys(fileMap).sort()).toEqual(['EBook', 'Youtube']);
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
});
