import { sessionSchema } from '@campus/domain/auth/auth.contract';
import { decodeCredential, encodeCredential, withAcademicYear } from '@campus/domain/auth/credential';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, postLogin, signIn, testDevice } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent, createUser } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp, fixedNow } from '../../../test/helpers.ts';

type Login = { login: string; password: string };

describe('POST /api/v2/user/v3/login', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let aarav: Awaited<ReturnType<typeof createStudent>>;
  let neha: Login;
  let sharedPhone: Login;
  let parentOfTwo: Login;
  let apexParent: Login;
  let blocked: Login;
  let registeredDevice: Login;
  let feeDues: Login;
  let otherDeviceSession: Login;
  let pastYearsOnly: Login;
  let apexBuyer: Login;
  const registeredDeviceId = 'registered-device';
  const otherDeviceId = 'other-device';
  // Built from factories, not the demo: a school at localhost with every kind of login the login route tells apart
  // (students in both years or the past year only, a phone holding a student and a parent, a parent of two, a
  // blocked login, one bound to a device, one with fee dues), and a coaching institute at apex.localhost with a
  // student signing in by e-mail, a parent of one child and an open-course buyer.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, {
      host: 'localhost',
      name: 'Greenfield Public School',
      classesMode: 'HYBRID_BLENDED',
      examMode: 'HYBRID_BLENDED',
      materialMode: 'BOTH',
      isStoreEnabled: true,
    });
    const apex = await createInstitute(db, {
      host: 'apex.localhost',
      name: 'Apex Coaching Institute',
      isSchool: false,
    });
    aarav = await createStudent(db, school, { user: { name: 'Aarav Sharma' }, years: ['previous', 'current'] });
    const diya = await createStudent(db, school, { user: { name: 'Diya Sharma' } });
    parentOfTwo = await createParent(db, school, [aarav.studentId, diya.studentId], { name: 'Rajesh Sharma' });
    // One phone, two profiles: Meera is a student and also the parent of her younger brother Kabir.
    sharedPhone = await createStudent(db, school, { user: { name: 'Meera Iyer' } });
    const kabir = await createStudent(db, school, { user: { name: 'Kabir Iyer' } });
    await createParent(db, school, [kabir.studentId], { name: 'Meera Iyer', phone: sharedPhone.login });
    feeDues = await createStudent(db, school, { user: { isLoginAllowed: 0 } });
    otherDeviceSession = await createStudent(db, school, { user: { name: 'Ananya Gupta' } });
    registeredDevice = await createStudent(db, school, { user: { registeredDeviceId } });
    blocked = await createStudent(db, school, { user: { isBlocked: true } });
    pastYearsOnly = await createStudent(db, school, { years: ['previous'] });
    const nehaLogin = await createStudent(db, apex, { user: { name: 'Neha Reddy', email: 'student@apex.test' } });
    neha = { login: 'student@apex.test', password: nehaLogin.password };
    apexParent = await createParent(db, apex, [nehaLogin.studentId], { name: 'Suresh Reddy' });
    apexBuyer = await createUser(db, apex, { userType: 99 });
    app = await createTestApp({ database, now: () => clock, rateLimits: { loginPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  const apexHost = { host: 'apex.localhost' };
  const as = (user: Login, body: Record<string, unknown> = {}) => ({
    user_name: user.login,
    password: user.password,
    ...body,
  });

  it('signs a student in with the session of spec part 1 §3 and no secret in it', async () => {
    const response = await postLogin(app, as(aarav));
    expect(response.statusCode).toBe(200);
    const session = sessionSchema.parse(response.json().result);
    expect(session).toMatchObject({
      name: 'Aarav Sharma',
      user_type: 1,
      institute_name: 'Greenfield Public School',
      parentslogin: false,
      is_institute_type_school: true,
      device_id: testDevice,
      must_change_password: false,
      inst_set_up: {
        classes: 'HYBRID_BLENDED',
        exam: 'HYBRID_BLENDED',
        file_manager_study_material: 'BOTH',
        store: true,
      },
    });
    expect(session.student_acad_year.map((year) => year.acad_yr_name)).toEqual(['2026-27', '2025-26']);
    expect(session.acad_yr_id).toBe(session.current_acad_yr_id);
    expect(decodeCredential(session.student_auth)).toMatchObject({
      deviceId: testDevice,
      academicYearId: session.acad_yr_id,
    });
    expect(response.body).not.toMatch(/argon2|password_hash|passwordHash/);
    expect(response.body).not.toContain(aarav.password);
  });

  it('accepts the login with spaces and an email in any case', async () => {
    const spaced = ` ${aarav.login.slice(0, 5)} ${aarav.login.slice(5)} `;
    await signIn(app, as(aarav, { user_name: spaced }), { ip: '10.0.1.1' });
    const apexSession = await signIn(app, as(neha, { user_name: 'Student@Apex.TEST' }), apexHost);
    expect(apexSession).toMatchObject({
      name: 'Neha Reddy',
      is_institute_type_school: false,
      institute_name: 'Apex Coaching Institute',
    });
  });

  it('refuses a wrong password with the default message', async () => {
    const response = await postLogin(app, as(aarav, { password: 'wrong-pass' }), { ip: '10.0.2.1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invailid Login Details' });
  });

  it('does not find a Greenfield account from the Apex host', async () => {
    const response = await postLogin(app, as(aarav), apexHost);
    expect(response.statusCode).toBe(401);
  });

  it('lists the profiles of a phone holding a student and a parent, without passwords', async () => {
    const response = await postLogin(app, as(sharedPhone));
    const result = response.json().result;
    expect(Array.isArray(result)).toBe(true);
    expect(
      result.map((entry: { display: string; student_name: string }) => [entry.display, entry.student_name]),
    ).toEqual([
      ['student', 'Meera Iyer'],
      ['parent_student', 'Kabir Iyer'],
    ]);
    expect(JSON.stringify(result)).not.toContain('password');
  });

  it('signs in the profile the retry names', async () => {
    const list = (await postLogin(app, as(sharedPhone))).json().result;
    const parentEntry = list.find((entry: { display: string }) => entry.display === 'parent_student');
    const session = await signIn(
      app,
      as(sharedPhone, {
        user_type: parentEntry.user_type,
        user_id: parentEntry.user_id,
        institute_id: parentEntry.institute_id,
      }),
    );
    expect(session).toMatchObject({ parentslogin: true, name: 'Kabir Iyer', parent_name: 'Meera Iyer', user_type: 2 });
  });

  it('refuses a retry naming a profile the login does not hold', async () => {
    const response = await postLogin(app, as(sharedPhone, { user_type: 1, user_id: aarav.userId }));
    expect(response.statusCode).toBe(401);
  });

  it('lets a parent of two children pick one, and a parent of one child straight in', async () => {
    const list = (await postLogin(app, as(parentOfTwo))).json().result;
    expect(list.map((entry: { student_name: string }) => entry.student_name)).toEqual(['Aarav Sharma', 'Diya Sharma']);
    const single = await signIn(app, as(apexParent), apexHost);
    expect(single).toMatchObject({ parentslogin: true, name: 'Neha Reddy', parent_name: 'Suresh Reddy' });
  });

  it('answers login_option 13 for a blocked account, with no session', async () => {
    const response = await postLogin(app, as(blocked));
    expect(response.json()).toMatchObject({ result: { login_option: 13 } });
    expect(response.body).not.toContain('student_auth');
  });

  it('answers login_option 11 off the registered device, and signs in on it', async () => {
    const response = await postLogin(app, as(registeredDevice));
    expect(response.json()).toMatchObject({ result: { login_option: 11 } });
    await signIn(app, as(registeredDevice, { device_id: registeredDeviceId }));
  });

  it('refuses fee dues with the spec message', async () => {
    const response = await postLogin(app, as(feeDues));
    expect(response.json()).toEqual({
      statusCode: 200,
      message: 'Kindly clear fees dues to successfully login.',
      result: { is_login_allowed: 0 },
    });
  });

  it('asks to confirm when signed in on another device, then revokes that session', async () => {
    // Signed in on another device first.
    await signIn(app, as(otherDeviceSession, { device_id: otherDeviceId }));
    const first = await postLogin(app, as(otherDeviceSession));
    expect(first.json().result).toEqual({ login_option: 10, is_login_allowed: 1 });
    const session = await signIn(app, as(otherDeviceSession, { logout_from_all_devices: true }));
    expect(session.name).toBe('Ananya Gupta');
    // The same device signing in again is not "another device".
    await signIn(app, as(otherDeviceSession));
    const elsewhere = await postLogin(app, as(otherDeviceSession, { device_id: otherDeviceId }));
    expect(elsewhere.json().result).toEqual({ login_option: 10, is_login_allowed: 1 });
  });

  it('starts a student enrolled in past years only in a past year, and the Select Academic Year check sees it', async () => {
    const session = await signIn(app, as(pastYearsOnly));
    expect(session.student_acad_year.map((year) => year.acad_yr_id)).not.toContain(session.current_acad_yr_id);
    expect(session.acad_yr_id).toBe(session.student_acad_year[0]!.acad_yr_id);
  });

  it('signs in an open-course user in the current year with no student id', async () => {
    const session = await signIn(app, as(apexBuyer), apexHost);
    expect(session).toMatchObject({ user_type: 99, student_id: null, student_acad_year: [] });
    expect(session.acad_yr_id).toBe(session.current_acad_yr_id);
  });

  describe('the credential', () => {
    it('opens authenticated routes of its own institute only', async () => {
      const session = await signIn(app, as(aarav));
      const own = await getAs(app, session.student_auth, `/api/v1/academicYear/all/${session.institute_id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().result.map((year: { inst_acad_year: string }) => year.inst_acad_year)).toEqual([
        '2025-26',
        '2026-27',
      ]);
      const otherInstitute = await getAs(
        app,
        session.student_auth,
        `/api/v1/academicYear/all/${session.institute_id + 1}`,
      );
      expect(otherInstitute.statusCode).toBe(403);
      const otherHost = await getAs(
        app,
        session.student_auth,
        `/api/v1/academicYear/all/${session.institute_id}`,
        'apex.localhost',
      );
      // Looked up in the host's institute only (issue 30): the token names no session there.
      expect(otherHost.statusCode).toBe(401);
    });

    it('is refused without, or with a forged, credential', async () => {
      expect((await getAs(app, '', '/api/v1/academicYear/all/1')).statusCode).toBe(401);
      const forged = encodeCredential({ token: 'x'.repeat(43), academicYearId: 1, deviceId: testDevice });
      expect((await getAs(app, forged, '/api/v1/academicYear/all/1')).statusCode).toBe(401);
    });

    it('accepts a switch to another of the user’s years and refuses a year the user does not belong to', async () => {
      const session = await signIn(app, as(pastYearsOnly));
      const current = withAcademicYear(session.student_auth, session.current_acad_yr_id!);
      const refused = await getAs(app, current, `/api/v1/academicYear/all/${session.institute_id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You are not enrolled in this academic year.');
      const student = await signIn(app, as(aarav));
      const previous = withAcademicYear(student.student_auth, student.student_acad_year.at(-1)!.acad_yr_id);
      expect((await getAs(app, previous, `/api/v1/academicYear/all/${student.institute_id}`)).statusCode).toBe(200);
    });

    it('is refused on another device', async () => {
      const session = await signIn(app, as(aarav));
      const decoded = decodeCredential(session.student_auth)!;
      const moved = encodeCredential({ ...decoded, deviceId: 'stolen-laptop' });
      expect((await getAs(app, moved, `/api/v1/academicYear/all/${session.institute_id}`)).statusCode).toBe(403);
    });

    it('ends at the end of the calendar day of login, on the server', async () => {
      const session = await signIn(app, as(aarav));
      const url = `/api/v1/academicYear/all/${session.institute_id}`;
      clock = new Date('2026-11-21T18:29:59Z'); // 23:59:59 in Kolkata
      expect((await getAs(app, session.student_auth, url)).statusCode).toBe(200);
      clock = new Date('2026-11-21T18:30:00Z'); // midnight in Kolkata
      const expired = await getAs(app, session.student_auth, url);
      clock = fixedNow;
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toBe('Your session has expired. Please login again.');
    });

    it('is revoked by logout, and by a later login of the same account', async () => {
      const session = await signIn(app, as(aarav));
      const url = `/api/v1/academicYear/all/${session.institute_id}`;
      const logout = await getAs(app, session.student_auth, `/api/v1/alternateLogin/logout?deviceId=${testDevice}`);
      expect(logout.statusCode).toBe(200);
      const after = await getAs(app, session.student_auth, url);
      expect(after.statusCode).toBe(403);
      expect(after.json().message).toBe('You have been logged out. Please login again.');
      const older = await signIn(app, as(aarav));
      await signIn(app, as(aarav));
      expect((await getAs(app, older.student_auth, url)).statusCode).toBe(403);
    });

    it('scopes the exam-desk and score-card credentials away from the main API', async () => {
      const session = await signIn(app, as(aarav));
      const url = `/api/v1/academicYear/all/${session.institute_id}`;
      expect((await getAs(app, session.examdesk_auth_token, url)).statusCode).toBe(401);
      expect((await getAs(app, session.scorecard_auth_token, url)).statusCode).toBe(401);
    });
  });
});
