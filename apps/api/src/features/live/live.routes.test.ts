import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent, enrol } from '../../../test/factories/institutes.ts';
import { createClassSession, createRecording, createTeacher } from '../../../test/factories/timetable.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from '../../../test/helpers.ts';
import { and, eq } from 'drizzle-orm';
import { batches } from '../../db/schema/academics.ts';
import { classRecordings } from '../../db/schema/timetable.ts';
import type { VideoProviders } from '../../lib/video-providers.ts';

const minute = 60_000;
const start = new Date(fixedNow.getTime() + 60 * minute);
/** A recognisable 1,000-byte "video": byte i is i mod 251. */
const video = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

// Built from factories: a school whose student is in section A, a second section B with its own class, and a
// coaching institute. The clock is fixed and moved per test (fixedNow is 12:00 in Kolkata on Saturday 21-11-2026).
describe('live classes', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let student: Session;
  let parent: Session;
  let coachingStudent: Session;
  let liveId: number;
  let otherSectionId: number;
  let coachingSessionId: number;
  let awsRecording: number;
  let vimeoRecording: number;
  let otherSectionRecording: number;
  let vdoRecording: number;
  const storage = createTestStorage();
  // A fake provider per institute: every call it receives is noted, so that a refusal can be shown to reach no host.
  const providerCalls: string[] = [];
  const providers: VideoProviders = (instituteId) => ({
    vdocipher: {
      async otp(videoId, viewer) {
        providerCalls.push(`otp ${instituteId} ${videoId} ${viewer.userId}`);
        return { otp: `otp-${videoId}`, playbackInfo: `info-${videoId}` };
      },
    },
    vimeo: {
      async downloadLinks(videoId) {
        providerCalls.push(`links ${instituteId} ${videoId}`);
        return [{ width: 1280, height: 720, link: `https://vimeo.test/${videoId}.mp4`, size_short: '1 MB', size: 1 }];
      },
    },
  });

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', classesMode: 'HYBRID_BLENDED' });
    const coaching = await createInstitute(db, { host: 'coaching.test', isSchool: false, classesMode: 'ONLINE' });
    const [sectionB] = await db
      .insert(batches)
      .values({
        instituteId: school.id,
        standardId: school.standardId,
        academicYearId: school.currentYear.id,
        name: 'B',
      })
      .returning({ id: batches.id });
    const studentLogin = await createStudent(db, school);
    const parentLogin = await createParent(db, school, [studentLogin.studentId]);
    const coachingLogin = await createStudent(db, coaching);
    const ravi = await createTeacher(db, school, { name: 'Ravi Kumar', storage });
    const meena = await createTeacher(db, school, { name: 'Meena Shah' });
    liveId = await createClassSession(db, school, {
      name: 'Algebra: quadratic equations and their roots',
      startsAt: start,
      teacherIds: [ravi, meena],
      sessionLink: 'https://meet.example.com/algebra',
    });
    // Ended yesterday, with recordings on two hosts.
    const past = await createClassSession(db, school, {
      name: 'Yesterday: light',
      startsAt: new Date(fixedNow.getTime() - 24 * 60 * minute),
      teacherIds: [meena],
    });
    awsRecording = await createRecording(db, school, past, { host: 'aws', bytes: video, storage });
    vimeoRecording = await createRecording(db, school, past, { host: 'vimeo', videoId: '76979871' });
    await createClassSession(db, school, {
      name: 'Next week',
      startsAt: new Date(fixedNow.getTime() + 5 * 1440 * minute),
    });
    // A classroom class is not a live class.
    await createClassSession(db, school, { classType: 'Class', name: '', startsAt: start });
    otherSectionId = await createClassSession(db, school, {
      batchId: sectionB!.id,
      name: 'Section B secret class',
      startsAt: fixedNow,
    });
    otherSectionRecording = await createRecording(db, school, otherSectionId, { host: 'aws', bytes: video, storage });
    vdoRecording = await createRecording(db, school, past, { host: 'vdocipher', videoId: 'vdo-own-section' });
    await createRecording(db, school, otherSectionId, { host: 'vdocipher', videoId: 'vdo-section-b' });
    await createRecording(db, school, otherSectionId, { host: 'vimeo', videoId: 'vimeo-section-b' });
    // Section B has students of its own, and the student was in last year's section: neither opens a recording.
    const classmate = await createStudent(db, school, { years: [] });
    await enrol(db, school, classmate.studentId, { batchId: sectionB!.id });
    await enrol(db, school, studentLogin.studentId, { year: 'previous' });
    const lastYear = await createClassSession(db, school, {
      batchId: school.previousYear.batchId,
      name: 'Last year class',
      startsAt: new Date(fixedNow.getTime() - 300 * 1440 * minute),
    });
    await createRecording(db, school, lastYear, { host: 'vdocipher', videoId: 'vdo-last-year' });
    coachingSessionId = await createClassSession(db, coaching, { name: 'Coaching secret class', startsAt: fixedNow });
    await createRecording(db, coaching, coachingSessionId, { host: 'vdocipher', videoId: 'vdo-coaching' });
    await createRecording(db, coaching, coachingSessionId, { host: 'vimeo', videoId: 'vimeo-coaching' });
    app = await createTestApp({
      database,
      storage,
      now: () => clock,
      videoProviders: providers,
      rateLimits: { loginPerMinute: 1000 },
    });
    student = await signIn(app, { user_name: studentLogin.login, password: studentLogin.password });
    parent = await signIn(app, { user_name: parentLogin.login, password: parentLogin.password });
    coachingStudent = await signIn(
      app,
      { user_name: coachingLogin.login, password: coachingLogin.password },
      { host: 'coaching.test' },
    );
  });
  afterAll(() => app.close());

  const get = (session: Session, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { authorization: session.student_auth, host: 'localhost', ...headers } });
  const meetings = (session: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/meeting_manager/getMeetingV2/${session.institute_id}`,
      headers: { authorization: session.student_auth, host: 'localhost', ...headers },
      payload: {
        institution_id: session.institute_id,
        user_id: session.user_id,
        page_offset: 0,
        page_size: -1,
        category: 3,
        ...body,
      },
    });
  const startCall = (session: Session, sessionId: number, query = '') =>
    get(session, `/api/v1/meeting_manager/session/start/${session.institute_id}/${sessionId}${query}`);
  const at = async <T>(instant: Date, run: () => Promise<T>) => {
    clock = instant;
    try {
      return await run();
    } finally {
      clock = fixedNow;
    }
  };

  describe('getMeetingV2', () => {
    it("lists today's online classes of the student's own section with every card field", async () => {
      const response = await meetings(student, { live_future_past: 1, from_date: '21-11-2026', to_date: '21-11-2026' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.upcomingLiveClasses.map((item: { session_name: string }) => item.session_name)).toEqual([
        'Algebra: quadratic equations and their roots',
      ]);
      const [card] = body.upcomingLiveClasses;
      expect(card).toMatchObject({
        session_id: liveId,
        course_list: [{ course_name: 'Class 6 - A' }],
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 60 * minute).toISOString(),
        teachersName: 'Ravi Kumar, Meena Shah',
        live_meeting_with: 'Zoom',
        // The link is given out only from the start.
        session_link: '',
        download_links: [],
      });
      // A photo for Ravi, none for Meena.
      expect(card.t_photo_url).toMatch(/^\/api\/v1\/files\/[^,]+,$/);
      expect(body).toMatchObject({
        view_proctur_live_recorded_session: 1,
        vimeo_video_downlodable: 1,
        proctur_live_view_or_download_visibility: 3,
      });
      expect(response.body).not.toContain('Section B secret class');
    });

    it('lists upcoming classes without an end date and past ones with their recordings, newest first', async () => {
      const upcoming = (
        await meetings(student, { live_future_past: 1, from_date: '22-11-2026', to_date: null })
      ).json();
      expect(upcoming.upcomingLiveClasses.map((item: { session_name: string }) => item.session_name)).toEqual([
        'Next week',
      ]);
      const past = (
        await meetings(student, { live_future_past: 2, from_date: '01-11-2026', to_date: '21-11-2026' })
      ).json();
      expect(past.upcomingLiveClasses).toBeUndefined();
      expect(past.pastLiveClasses).toHaveLength(1);
      expect(past.pastLiveClasses[0].download_links).toEqual([
        // 1,000 stored bytes are not "0.00" MB (the factory gives host-kept recordings a size of 1 MB).
        expect.objectContaining({
          download_id: awsRecording,
          video_host: 'aws',
          video_duration: '00:00:12',
          video_size: '< 0.01',
        }),
        expect.objectContaining({
          download_id: vimeoRecording,
          video_host: 'vimeo',
          vimeo_video_id: '76979871',
          video_size: '1.00',
        }),
        expect.objectContaining({
          download_id: vdoRecording,
          video_host: 'vdocipher',
          video_id: 'vdo-own-section',
          video_size: '1.00',
        }),
      ]);
      // Once the algebra class has ended, it is past too.
      const later = await at(new Date(start.getTime() + 61 * minute), () =>
        meetings(student, { live_future_past: 2, from_date: '21-11-2026', to_date: '21-11-2026' }),
      );
      expect(later.json().pastLiveClasses.map((item: { session_id: number }) => item.session_id)).toEqual([liveId]);
    });

    it("cuts the asked days in the device's time zone, and in the institute's when the header names none", async () => {
      // The algebra class starts at 13:00 in Kolkata on 21-11, which is 20:30 on 20-11 in Pago Pago (UTC-11): a phone
      // there lists it under its own today, 20-11, and not under 21-11.
      const names = async (date: string, headers: Record<string, string>) =>
        (await meetings(student, { live_future_past: 1, from_date: date, to_date: date }, headers))
          .json()
          .upcomingLiveClasses.map((item: { session_name: string }) => item.session_name);
      const algebra = ['Algebra: quadratic equations and their roots'];
      expect(await names('20-11-2026', { 'x-time-zone': 'Pacific/Pago_Pago' })).toEqual(algebra);
      expect(await names('21-11-2026', { 'x-time-zone': 'Pacific/Pago_Pago' })).toEqual([]);
      expect(await names('21-11-2026', { 'x-time-zone': 'Asia/Kolkata' })).toEqual(algebra);
      // An unknown or missing zone: the institute's (Kolkata) days, where 20-11 holds only yesterday's class.
      expect(await names('20-11-2026', { 'x-time-zone': 'Mars/Olympus' })).toEqual(['Yesterday: light']);
      expect(await names('21-11-2026', { 'x-time-zone': 'Mars/Olympus' })).toEqual(algebra);
      expect(await names('21-11-2026', {})).toEqual(algebra);
    });

    it("lets a parent read the selected child's classes", async () => {
      const response = await meetings(parent, { live_future_past: 1, from_date: '21-11-2026', to_date: '21-11-2026' });
      expect(response.statusCode).toBe(200);
      expect(response.json().upcomingLiveClasses).toHaveLength(1);
    });

    it('refuses bad dates and another user', async () => {
      expect((await meetings(student, { live_future_past: 1, from_date: '31-02-2026' })).statusCode).toBe(400);
      expect((await meetings(student, { live_future_past: 3, from_date: '01-11-2026' })).statusCode).toBe(400);
      const other = await meetings(student, {
        live_future_past: 1,
        from_date: '21-11-2026',
        user_id: coachingStudent.user_id,
      });
      expect(other.statusCode).toBe(403);
    });
  });

  describe('session/start', () => {
    it('refuses before the scheduled start, on the server clock', async () => {
      const response = await at(new Date(start.getTime() - 1), () => startCall(student, liveId, '?isZoomLiveClass=1'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        message: 'You cannot start the class as the classes can only be started after the scheduled time.',
        result: { allow_start_session: false, session_link: '' },
      });
    });

    it('allows from the start and after it, with the link', async () => {
      for (const instant of [start, new Date(start.getTime() + 90 * minute)]) {
        const response = await at(instant, () => startCall(student, liveId));
        expect(response.json().result).toEqual({
          allow_start_session: true,
          session_link: 'https://meet.example.com/algebra',
        });
      }
      // The list gives the link once started, too.
      const list = await at(start, () =>
        meetings(student, { live_future_past: 1, from_date: '21-11-2026', to_date: '21-11-2026' }),
      );
      expect(list.json().upcomingLiveClasses[0].session_link).toBe('https://meet.example.com/algebra');
    });

    it('refuses parents with the spec message', async () => {
      const response = await at(start, () => startCall(parent, liveId));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Parents are not allowed to join.');
    });

    it("refuses another section's and another institute's classes without data", async () => {
      for (const id of [otherSectionId, coachingSessionId, 999_999]) {
        const response = await startCall(student, id);
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toMatch(/secret class|meet\.example/);
      }
    });
  });

  describe('recording/download', () => {
    const download = (id: number, query = '', headers: Record<string, string> = {}) =>
      get(student, `/api/v1/meeting_manager/recording/download/${student.institute_id}/${id}${query}`, headers);

    it('answers a short-lived address that serves byte ranges (seeking)', async () => {
      const answer = await download(awsRecording, '?type=1');
      expect(answer.statusCode).toBe(200);
      const { video_url } = answer.json();
      expect(video_url).toMatch(/^\/api\/v1\/files\//);
      const ranged = await app.inject({
        method: 'GET',
        url: video_url,
        headers: { host: 'localhost', range: 'bytes=100-199' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe('bytes 100-199/1000');
      expect(ranged.headers['accept-ranges']).toBe('bytes');
      expect(ranged.headers['content-type']).toBe('video/mp4');
      expect(ranged.rawPayload.equals(video.subarray(100, 200))).toBe(true);
      const tail = await app.inject({
        method: 'GET',
        url: video_url,
        headers: { host: 'localhost', range: 'bytes=-10' },
      });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(video.subarray(990))).toBe(true);
      const beyond = await app.inject({
        method: 'GET',
        url: video_url,
        headers: { host: 'localhost', range: 'bytes=5000-' },
      });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */1000');
      // At another institute's host the address serves nothing.
      expect((await app.inject({ method: 'GET', url: video_url, headers: { host: 'coaching.test' } })).statusCode).toBe(
        403,
      );
    });

    it('streams the whole file as a download, or the range asked for', async () => {
      const whole = await download(awsRecording);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-disposition']).toMatch(/^attachment;/);
      expect(whole.rawPayload.equals(video)).toBe(true);
      const part = await download(awsRecording, '', { range: 'bytes=0-9' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(video.subarray(0, 10))).toBe(true);
    });

    it('lets a parent play the child’s recording', async () => {
      const response = await get(
        parent,
        `/api/v1/meeting_manager/recording/download/${parent.institute_id}/${awsRecording}?type=1`,
      );
      expect(response.statusCode).toBe(200);
    });

    it('answers the spec message for provider recordings it does not hold', async () => {
      const response = await download(vimeoRecording, '?type=1');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Not able to downlode video file. please contact institute admin.');
    });

    it("refuses another section's recording without data", async () => {
      const response = await download(otherSectionRecording);
      expect(response.statusCode).toBe(404);
      expect(response.rawPayload.includes(video.subarray(0, 50))).toBe(false);
    });
  });

  describe('recordings through the shared video calls', () => {
    const send = (
      session: Session,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) =>
      app.inject({
        method,
        url,
        headers: { authorization: session.student_auth, host: 'localhost', ...headers },
        ...(payload ? { payload } : {}),
      });
    const otp = (session: Session, videoID: string) =>
      send(session, 'POST', '/api/v1/instFileSystem/videoOTP?source=IOS-APP', {
        videoID,
        institute_id: session.institute_id,
        user_id: session.user_id,
      });
    const links = (session: Session, videoID: string) =>
      send(session, 'GET', `/prod/vimeo/download-links/${videoID}`, undefined, {
        'x-prod-inst-id': String(session.institute_id),
      });

    it("grants a VdoCipher OTP and Vimeo links for a recording of the student's own section", async () => {
      const granted = await otp(student, 'vdo-own-section');
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toEqual({
        otp: 'otp-vdo-own-section',
        playbackInfo: 'info-vdo-own-section',
        message: 'success',
        status: 'success',
      });
      expect(providerCalls).toContain(`otp ${student.institute_id} vdo-own-section ${student.user_id}`);
      const vimeo = await links(student, '76979871');
      expect(vimeo.statusCode).toBe(200);
      expect(vimeo.json().result).toEqual([expect.objectContaining({ link: 'https://vimeo.test/76979871.mp4' })]);
    });

    it("lets a parent play the selected child's provider recordings", async () => {
      expect((await otp(parent, 'vdo-own-section')).json().otp).toBe('otp-vdo-own-section');
      expect((await links(parent, '76979871')).json().result).toHaveLength(1);
    });

    it("refuses another section's and another institute's recordings with a bare 404, reaching no provider", async () => {
      const before = providerCalls.length;
      for (const videoId of ['vdo-section-b', 'vdo-coaching', 'vdo-last-year', 'no-such-video']) {
        const refused = await otp(student, videoId);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toMatch(/otp-|info-/);
      }
      for (const videoId of ['vimeo-section-b', 'vimeo-coaching']) {
        const refused = await links(student, videoId);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('vimeo.test');
      }
      // The coaching student cannot reach the school's recordings either, nor the parent another section's.
      const coachingSend = (videoID: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/instFileSystem/videoOTP?source=IOS-APP',
          headers: { authorization: coachingStudent.student_auth, host: 'coaching.test' },
          payload: { videoID, institute_id: coachingStudent.institute_id, user_id: coachingStudent.user_id },
        });
      expect((await coachingSend('vdo-own-section')).statusCode).toBe(404);
      expect((await coachingSend('vdo-coaching')).json().otp).toBe('otp-vdo-coaching');
      expect((await otp(parent, 'vdo-section-b')).statusCode).toBe(404);
      expect(providerCalls.slice(before)).toEqual([
        `otp ${coachingStudent.institute_id} vdo-coaching ${coachingStudent.user_id}`,
      ]);
      // The aws recordings' download ids are no video ids.
      expect((await otp(student, String(awsRecording))).statusCode).toBe(404);
    });

    it('counts plays and watched seconds on the recording, for visible recordings only', async () => {
      const watch = (session: Session, videoId: string) =>
        send(session, 'PUT', '/api/v1/instFileSystem/update-watch-count', {
          video_id: videoId,
          institute_id: session.institute_id,
        });
      expect((await watch(student, '76979871')).statusCode).toBe(200);
      expect((await watch(student, '76979871')).statusCode).toBe(200);
      expect((await watch(student, 'vimeo-section-b')).statusCode).toBe(404);
      const history = await send(student, 'POST', '/api/v1/instFileSystem/allocateWatchHistory', {
        video_id: 'vdo-own-section',
        watch_duration: 42.4,
      });
      expect(history.statusCode).toBe(200);
      expect(
        (
          await send(student, 'POST', '/api/v1/instFileSystem/allocateWatchHistory', {
            video_id: 'vdo-section-b',
            watch_duration: 42,
          })
        ).statusCode,
      ).toBe(404);
      const counters = async (id: number) => {
        const [row] = await app.db
          .select({ plays: classRecordings.watchCount, seconds: classRecordings.watchSeconds })
          .from(classRecordings)
          .where(and(eq(classRecordings.instituteId, student.institute_id), eq(classRecordings.id, id)));
        return row;
      };
      expect(await counters(vimeoRecording)).toEqual({ plays: 2, seconds: 0 });
      expect(await counters(vdoRecording)).toEqual({ plays: 0, seconds: 42 });
      const others = await app.db
        .select({ plays: classRecordings.watchCount, seconds: classRecordings.watchSeconds })
        .from(classRecordings)
        .where(eq(classRecordings.providerVideoId, 'vimeo-section-b'));
      expect(others).toEqual([{ plays: 0, seconds: 0 }]);
    });
  });
});
