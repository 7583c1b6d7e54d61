import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createAnnouncement, createBanner } from '../../../test/factories/home.ts';
import { createInstitute, createParent, createStudent, createUser, enrol } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import { batches } from '../../db/schema/academics.ts';

const minutes = (count: number) => new Date(fixedNow.getTime() - count * 60_000);
const pdf = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

describe('home', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  let parent: Session;
  let neha: Session;
  let buyer: Session;
  let otherStudent: Session;
  // Built from factories: a school with marketing on, two sections, notices for everyone and for each section,
  // six banners and a promo; a coaching institute with marketing off and no notices.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isMarketingAndBanner: true });
    const coaching = await createInstitute(db, { host: 'apex.localhost', isSchool: false });
    const [sectionB] = await db
      .insert(batches)
      .values({
        instituteId: school.id,
        standardId: school.standardId,
        academicYearId: school.currentYear.id,
        name: 'B',
      })
      .returning({ id: batches.id });
    const owner = await createStudent(db, school, { user: { name: 'Aarav Sharma' } });
    const classmate = await createStudent(db, school, { years: [] });
    await enrol(db, school, classmate.studentId, { batchId: sectionB!.id });
    const parentLogin = await createParent(db, school, [owner.studentId]);
    const coachingStudent = await createStudent(db, coaching);
    const coachingBuyer = await createUser(db, coaching, { userType: 99 });
    const sectionA = school.currentYear.batchId;
    const notice = (title: string, ago: number, extra: Parameters<typeof createAnnouncement>[2] = {}) =>
      createAnnouncement(db, school, { title, announcedAt: minutes(ago), storage, ...extra });
    await notice('Annual Sports Day', 0, {
      image: { bytes: svg, extension: 'svg' },
      updatedAt: new Date('2026-11-21T11:05:00Z'),
      announcedAt: new Date('2026-11-21T02:45:00Z'),
    });
    await notice('Parent-Teacher Meeting', 60 * 5, {
      batchIds: [sectionA],
      descriptionHtml:
        '<p onclick="steal()">PTM for your section is on Saturday from 9 AM to 12 noon. Please bring the report card.</p><script>steal()</script>',
      attachment: { bytes: pdf, extension: 'pdf', name: 'Parent-Teacher Meeting.pdf' },
    });
    await notice('Section B picnic', 60 * 6, { batchIds: [sectionB!.id] });
    await notice('Science Exhibition entries', 60 * 7, {
      descriptionHtml:
        '<ul><li>Teams of up to 3</li><li>Submit the abstract by Friday</li></ul><img src="x" onerror="alert(1)">',
    });
    await notice('Old notice', 60 * 8, { isActive: false });
    for (let index = 0; index < 6; index += 1) {
      await createBanner(db, school, {
        webUrl: `/banners/${index + 1}.svg`,
        isRedirect: index === 0,
        redirectLink: index === 0 ? 'https://school.example/admissions' : '',
        landingScreen: index === 1 ? 'TIME TABLE' : '',
        altText: index === 0 ? 'Admissions open for 2027-28' : '',
        sortOrder: index,
      });
    }
    await createBanner(db, school, { kind: 'promo', webUrl: '/banners/promo.svg' });
    await createBanner(db, coaching, { webUrl: '/banners/coaching.svg' });
    app = await createTestApp({ database, storage, rateLimits: { loginPerMinute: 1000 } });
    const signInAs = (login: { login: string; password: string }, host = 'localhost') =>
      signIn(app, { user_name: login.login, password: login.password }, { host });
    aarav = await signInAs(owner);
    parent = await signInAs(parentLogin);
    otherStudent = await signInAs(classmate);
    neha = await signInAs(coachingStudent, 'apex.localhost');
    buyer = await signInAs(coachingBuyer, 'apex.localhost');
  });
  afterAll(() => app.close());

  const announcementsOf = (session: Session, host = 'localhost', studentId: number | null = session.student_id) =>
    getAs(
      app,
      session.student_auth,
      `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${session.institute_id}?is_active=true${studentId ? `&student_id=${studentId}` : ''}`,
      host,
    );

  describe('GET /api/v1/banner-prom/for_student/{userType}', () => {
    it('gives a student at most 5 banners and the promo', async () => {
      const response = await getAs(app, aarav.student_auth, '/api/v1/banner-prom/for_student/1');
      expect(response.statusCode).toBe(200);
      const { banner, prom } = response.json().result;
      expect(banner).toHaveLength(5);
      expect(banner[0]).toEqual({
        web_url: '/banners/1.svg',
        is_redir: true,
        red_link: 'https://school.example/admissions',
        land_scr: '',
        // What the banner says, for screen readers (defect 8).
        alt_text: 'Admissions open for 2027-28',
      });
      expect(banner[1]).toMatchObject({ is_redir: false, land_scr: 'TIME TABLE', alt_text: '' });
      expect(prom).toEqual({ web_url: '/banners/promo.svg' });
    });

    it('gives none where the marketing setting is off', async () => {
      const response = await getAs(app, neha.student_auth, '/api/v1/banner-prom/for_student/1', 'apex.localhost');
      expect(response.json().result).toEqual({ banner: [], prom: null });
    });

    it('refuses another user type than the session’s, and anonymous callers', async () => {
      expect((await getAs(app, aarav.student_auth, '/api/v1/banner-prom/for_student/2')).statusCode).toBe(403);
      expect((await getAs(app, '', '/api/v1/banner-prom/for_student/1')).statusCode).toBe(401);
    });
  });

  describe('GET …/fetchAnnouncementForStudent/{instituteId}', () => {
    it('lists what is addressed to the student’s section or to everyone, newest first', async () => {
      const response = await announcementsOf(aarav);
      expect(response.statusCode).toBe(200);
      const titles = response.json().data.result.map((notice: { ancmnt_title: string }) => notice.ancmnt_title);
      expect(titles).toEqual(['Annual Sports Day', 'Parent-Teacher Meeting', 'Science Exhibition entries']);
      expect(titles).not.toContain('Section B picnic');
      expect(titles).not.toContain('Old notice');
    });

    it('sends the notices’ HTML sanitised: the seeded script and handler never leave the server', async () => {
      const notices: { ancmnt_title: string; description: string }[] = (await announcementsOf(aarav)).json().data
        .result;
      const text = (title: string) => notices.find((notice) => notice.ancmnt_title === title)!.description;
      expect(text('Parent-Teacher Meeting')).toBe(
        '<p>PTM for your section is on Saturday from 9 AM to 12 noon. Please bring the report card.</p>',
      );
      expect(text('Science Exhibition entries')).toBe(
        '<ul><li>Teams of up to 3</li><li>Submit the abstract by Friday</li></ul><img alt="" src="x" />',
      );
    });

    it('dates each notice in the institute’s time and signs its image and file addresses', async () => {
      const [sports, meeting] = (await announcementsOf(aarav)).json().data.result;
      expect(sports).toMatchObject({
        announced_date: '21-11-2026',
        announced_time: '08:15 AM',
        updated_date: '21-11-2026 04:35 PM',
        batch_sec_names: 'All',
        file_url: '',
      });
      expect(meeting.batch_sec_names).toBe('Class 6 - A');
      const image = await app.inject({ method: 'GET', url: sports.announcement_img_url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
      expect(image.headers['content-security-policy']).toContain('sandbox');
      const file = await app.inject({ method: 'GET', url: meeting.file_url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Parent-Teacher Meeting.pdf"/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.body.startsWith('%PDF-1.4')).toBe(true);
    });

    it('refuses a tampered file address', async () => {
      const [sports] = (await announcementsOf(aarav)).json().data.result;
      const tampered = sports.announcement_img_url.replace(/.$/, (last: string) => (last === 'A' ? 'B' : 'A'));
      expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/v1/files/garbage' })).statusCode).toBe(403);
    });

    it('lets a parent read the chosen child’s notices', async () => {
      const response = await announcementsOf(parent);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.result.length).toBe(3);
    });

    it('refuses another student’s id and another institute', async () => {
      // A student id that is not the session's is an object it cannot see: 404, as on every route.
      expect((await announcementsOf(otherStudent, 'localhost', aarav.student_id)).statusCode).toBe(404);
      const other = await getAs(
        app,
        neha.student_auth,
        `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${aarav.institute_id}?is_active=true&student_id=${aarav.student_id}`,
        'apex.localhost',
      );
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain('Annual Sports Day');
    });

    it('gives an open-course user (no student id) only institute-wide notices: none here', async () => {
      const response = await announcementsOf(buyer, 'apex.localhost', null);
      expect(response.json()).toEqual({ data: { result: [] } });
      expect((await announcementsOf(buyer, 'apex.localhost', neha.student_id)).statusCode).toBe(404);
    });
  });
});
