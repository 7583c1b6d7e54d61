import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, postLogin, signIn } from '../../../test/auth-helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

describe('home', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  let parent: Session;
  let neha: Session;
  let buyer: Session;
  let otherStudent: Session;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { loginPerMinute: 1000 } });
    aarav = await signIn(app, { user_name: demoLogins.greenfieldStudent });
    const list = (await postLogin(app, { user_name: demoLogins.greenfieldParentOfTwo })).json().result;
    parent = await signIn(app, { user_name: demoLogins.greenfieldParentOfTwo, user_type: 2, user_id: list[0].user_id });
    otherStudent = await signIn(app, { user_name: '9800000000' });
    neha = await signIn(app, { user_name: demoLogins.apexStudent }, { host: 'apex.localhost' });
    buyer = await signIn(app, { user_name: demoLogins.apexBuyer }, { host: 'apex.localhost' });
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
    it('gives a Greenfield student at most 5 banners and the promo', async () => {
      const response = await getAs(app, aarav.student_auth, '/api/v1/banner-prom/for_student/1');
      expect(response.statusCode).toBe(200);
      const { banner, prom } = response.json().result;
      expect(banner).toHaveLength(5);
      expect(banner[0]).toEqual({
        web_url: '/my-account/demo/banner-1.svg',
        is_redir: true,
        red_link: 'https://greenfield.example/admissions',
        land_scr: '',
      });
      expect(banner[1]).toMatchObject({ is_redir: false, land_scr: 'TIME TABLE' });
      expect(prom).toEqual({ web_url: '/my-account/demo/promo.svg' });
    });

    it('gives none where the marketing setting is off (Apex)', async () => {
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
      expect(titles).toEqual([
        'Annual Sports Day',
        'Parent-Teacher Meeting',
        'Winter uniform from 1 December',
        'Science Exhibition entries',
        'Library books return',
      ]);
      expect(titles).not.toContain('Class 6 A picnic');
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
      expect(meeting.batch_sec_names).toMatch(/^Class \d+ - [AB]$/);
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
      expect(response.json().data.result.length).toBe(5);
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

    it('gives an open-course user (no student id) only institute-wide notices: none at Apex', async () => {
      const response = await announcementsOf(buyer, 'apex.localhost', null);
      expect(response.json()).toEqual({ data: { result: [] } });
      expect((await announcementsOf(buyer, 'apex.localhost', neha.student_id)).statusCode).toBe(404);
    });
  });
});
