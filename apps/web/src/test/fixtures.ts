import type { RoleEntry, Session } from '@campus/domain/auth/auth.contract';
import { encodeCredential } from '@campus/domain/auth/credential';
import type { LogoResult } from '@campus/domain/shell/shell.contract';
import { http, HttpResponse } from 'msw';
import { createStoredSession, saveSession } from '../lib/session.ts';
import { server } from './server.ts';

/** A well-formed session token (43 base64url characters). */
const sessionToken = 'Qk9YLXRva2VuLWZvci10ZXN0cy0wMTIzNDU2Nzg5YWJ';

/** A credential of the shape the server issues, in the given academic year. */
export const credentialFor = (academicYearId: number, deviceId = 'device-test') =>
  encodeCredential({ token: sessionToken, academicYearId, deviceId });

export const greenfieldBranding: LogoResult = {
  instituteId: 1,
  instituteName: 'Greenfield Public School',
  logoPath: '/my-account/demo/greenfield-logo.svg',
  favIconPath: '/my-account/demo/greenfield-favicon.svg',
};

/** A Greenfield (school) student with every plan setting on, in the current year 2026-27. */
export function greenfieldStudent(overrides: Partial<Session> = {}): Session {
  return {
    user_id: 101,
    user_type: 1,
    account_id: 1001,
    institute_id: 1,
    institution_id: 1,
    institute_name: 'Greenfield Public School',
    logo_url: '/my-account/demo/greenfield-logo.svg',
    name: 'Aarav Sharma',
    email_id: 'aarav@greenfield.test',
    photo_url: '',
    join_date: '01-04-2024',
    student_id: 5001,
    stud_id: 5001,
    student_display_id: 'GPS-0001',
    student_phone: '9000000001',
    student_auth: credentialFor(4),
    examdesk_auth_token: 'exam-credential',
    scorecard_auth_token: 'scorecard-credential',
    device_id: 'device-test',
    parentslogin: false,
    parent_id: null,
    parent_name: 'Rajesh Sharma',
    parent_num: '9000000002',
    inst_set_up: {
      classes: 'HYBRID_BLENDED',
      exam: 'HYBRID_BLENDED',
      file_manager_study_material: 'BOTH',
      store: true,
      twitter_url: '',
      is_marketing_and_banner: true,
      is_fee_struct_linked: true,
      student_fee_receipt_option: true,
    },
    is_institute_type_school: true,
    enable_eLearn_feature: true,
    enable_online_assignment_feature: true,
    course_structure_flag: false,
    institute_setup_type: 'SCHOOL',
    zoom_enabled: false,
    student_profile_update_restrict: true,
    acad_yr_id: 4,
    ay_start_date: '2026-04-01',
    ay_end_date: '2027-03-31',
    current_acad_yr_id: 4,
    student_acad_year: [
      { acad_yr_id: 3, acad_yr_name: '2025-26' },
      { acad_yr_id: 4, acad_yr_name: '2026-27' },
    ],
    acad_year_list: [
      { inst_acad_year_id: 3, inst_acad_year: '2025-26', start_date: '2025-04-01', end_date: '2026-03-31' },
      { inst_acad_year_id: 4, inst_acad_year: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31' },
    ],
    inst_announcement: '',
    help_url: 'https://help.greenfield.test/portal',
    facebook_url: 'https://facebook.com/greenfield',
    twitter_url: 'https://twitter.com/greenfield',
    linkedin_url: 'https://linkedin.com/school/greenfield',
    whatsapp_url: 'https://wa.me/919000000000',
    youtube_url: 'https://youtube.com/@greenfield',
    instagram_url: 'https://instagram.com/greenfield',
    privacy_policy_url: 'https://greenfield.test/privacy',
    terms_and_condition_url: 'https://greenfield.test/terms',
    country_calling_code: '+91',
    prodUrl: '',
    must_change_password: false,
    is_login_allowed: 1,
    ...overrides,
  };
}

/** The Greenfield parent (user_type 2) of Aarav. */
export const greenfieldParent = (overrides: Partial<Session> = {}) =>
  greenfieldStudent({ user_type: 2, parentslogin: true, parent_id: 7001, ...overrides });

/** An Apex (coaching) student: classes and exams ONLINE, material STUDY_MATERIAL, no social links. */
export function apexStudent(overrides: Partial<Session> = {}): Session {
  return greenfieldStudent({
    user_id: 201,
    institute_id: 2,
    institution_id: 2,
    institute_name: 'Apex Coaching Institute',
    logo_url: '/my-account/demo/apex-logo.svg',
    name: 'Meera Iyer',
    student_display_id: 'APX-0001',
    is_institute_type_school: false,
    institute_setup_type: 'COACHING',
    inst_set_up: {
      classes: 'ONLINE',
      exam: 'ONLINE',
      file_manager_study_material: 'STUDY_MATERIAL',
      store: true,
      twitter_url: '',
      is_marketing_and_banner: false,
      is_fee_struct_linked: false,
      student_fee_receipt_option: false,
    },
    help_url: '',
    facebook_url: '',
    twitter_url: '',
    linkedin_url: '',
    whatsapp_url: '',
    youtube_url: '',
    instagram_url: '',
    privacy_policy_url: '',
    terms_and_condition_url: '',
    ...overrides,
  });
}

/** A profile of a login that matches several. */
export function roleEntry(overrides: Partial<RoleEntry> = {}): RoleEntry {
  return {
    user_id: 101,
    user_type: 1,
    institute_id: 1,
    institute_name: 'Greenfield Public School',
    display: 'student',
    name: 'Aarav Sharma',
    student_name: 'Aarav Sharma',
    student_id: 5001,
    phone_no: '9000000003',
    account_id: 1001,
    email_id: '',
    photo_url: '',
    join_date: '01-04-2024',
    student_acad_year: [],
    is_login_allowed: 1,
    ...overrides,
  };
}

/** Keeps the session as a login today would. */
export const storeSession = (session: Session) => saveSession(createStoredSession(session, new Date()));

/** The institute this host answers with. */
export const mockBranding = (branding: LogoResult = greenfieldBranding) =>
  server.use(
    http.get('*/api/v1/institutes/getLogoAndFavIcon', () =>
      HttpResponse.json({ statusCode: 200, message: 'success', result: branding }),
    ),
  );

/** A login answer envelope. */
export const loginAnswer = (result: unknown) => HttpResponse.json({ statusCode: 200, message: 'success', result });

/** The bodies the login endpoint received, answering each with the next of `answers`. */
export function mockLogin(...answers: (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/v2/user/v3/login', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      const answer = answers[Math.min(bodies.length, answers.length) - 1];
      return answer ? answer() : HttpResponse.json({ code: 'INTERNAL', message: '' }, { status: 500 });
    }),
  );
  return bodies;
}

/** The logout calls received (device id and credential). */
export function mockLogout(status = 200) {
  const calls: { deviceId: string | null; authorization: string | null }[] = [];
  server.use(
    http.get('*/api/v1/alternateLogin/logout', ({ request }) => {
      calls.push({
        deviceId: new URL(request.url).searchParams.get('deviceId'),
        authorization: request.headers.get('authorization'),
      });
      return status === 200
        ? HttpResponse.json({ statusCode: 200, message: 'Logged out', result: null })
        : HttpResponse.json({ code: 'INTERNAL', message: 'Internal Server Error' }, { status });
    }),
  );
  return calls;
}

/** 21 November 2026 at the given local time: the fixed clock of the screen tests. */
export const testDay = (hour = 9, minute = 0) => new Date(2026, 10, 21, hour, minute);
