import { randomUUID } from 'node:crypto';
import type { Session } from '@campus/domain/auth/auth.contract';
import { encodeCredential } from '@campus/domain/auth/credential';
import { dateInZone, endOfDayInZone } from '@campus/domain/calendar/calendar';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  findCurrentYear,
  findInstituteYears,
  findStudentYears,
  type InstituteRow,
  type UserRow,
} from './auth.repository.ts';
import { insertSessions } from '../../access/session.repository.ts';

/** One way to sign in with a login: as a student (or open-course user), or as a parent viewing one child. */
export interface Profile {
  /** The account that signed in (the parent for parent logins). */
  account: UserRow;
  /** The user whose data is viewed (the child for parent logins, else the account itself). */
  viewed: UserRow;
  /** The viewed student, with the key of the photo uploaded through Profile → Change Photo (if any). */
  student: { id: number; displayId: string; photoFileKey?: string | null } | undefined;
  display: 'student' | 'parent_student';
}

/** Creates the main, exam-desk and score-card sessions of a login and answers the session object. */
export async function startSession(
  db: Db,
  input: {
    institute: InstituteRow;
    profile: Profile;
    deviceId: string;
    now: Date;
    mustChangePassword: boolean;
    /** Signs the address of an uploaded photo, valid until `expiresAt` (ms): the session's own end. */
    photoUrl?: (key: string, expiresAt: number) => string;
  },
): Promise<Session> {
  const { institute, profile, deviceId, now } = input;
  const today = dateInZone(now, institute.timeZone);
  // One after another: callers pass a transaction, whose single connection cannot run queries side by side.
  const instituteYears = await findInstituteYears(db, institute.id);
  const currentYear = await findCurrentYear(db, institute.id, today);
  const studentYears = profile.student ? await findStudentYears(db, institute.id, profile.student.id) : [];
  // Students may work in their own years; users without enrolments (open-course buyers) in the current one.
  const allowedYears = studentYears.length > 0 ? studentYears : currentYear ? [currentYear] : [];
  const allowedIds = allowedYears.map((year) => year.id);
  const startYear = (currentYear && allowedIds.includes(currentYear.id) ? currentYear : allowedYears[0]) ?? undefined;
  const startYearRow = instituteYears.find((year) => year.id === startYear?.id);

  const loginId = randomUUID();
  const expiresAt = endOfDayInZone(now, institute.timeZone);
  const tokens = { main: newToken(), examdesk: newToken(), scorecard: newToken() };
  const isParent = profile.display === 'parent_student';
  await insertSessions(
    db,
    (Object.keys(tokens) as (keyof typeof tokens)[]).map((scope) => ({
      instituteId: institute.id,
      loginId,
      scope,
      tokenHash: hashToken(tokens[scope]),
      accountUserId: profile.account.id,
      userId: profile.viewed.id,
      studentId: profile.student?.id ?? null,
      userType: profile.account.userType,
      deviceId,
      academicYearIds: allowedIds,
      mustChangePassword: input.mustChangePassword,
      expiresAt,
    })),
  );
  const credential = (token: string) => encodeCredential({ token, academicYearId: startYear?.id ?? 0, deviceId });

  return {
    user_id: profile.viewed.id,
    user_type: profile.account.userType,
    account_id: profile.account.id,
    institute_id: institute.id,
    institution_id: institute.id,
    institute_name: institute.name,
    logo_url: institute.logoUrl,
    name: profile.viewed.name,
    email_id: profile.viewed.email ?? '',
    // The photo uploaded through Profile (defect 2: it was left out, so the header stayed generic).
    photo_url:
      profile.student?.photoFileKey && input.photoUrl
        ? input.photoUrl(profile.student.photoFileKey, expiresAt.getTime())
        : profile.viewed.photoUrl,
    join_date: profile.viewed.joinDate,
    student_id: profile.student?.id ?? null,
    stud_id: profile.student?.id ?? null,
    student_display_id: profile.student?.displayId ?? '',
    student_phone: profile.viewed.phone ?? '',
    student_auth: credential(tokens.main),
    examdesk_auth_token: credential(tokens.examdesk),
    scorecard_auth_token: credential(tokens.scorecard),
    device_id: deviceId,
    parentslogin: isParent,
    parent_id: isParent ? profile.account.id : null,
    parent_name: isParent ? profile.account.name : '',
    parent_num: isParent ? (profile.account.phone ?? '') : '',
    inst_set_up: {
      classes: institute.classesMode,
      exam: institute.examMode,
      file_manager_study_material: institute.materialMode,
      store: institute.isStoreEnabled,
      twitter_url: institute.twitterUrl,
      is_marketing_and_banner: institute.isMarketingAndBanner,
      is_fee_struct_linked: institute.isFeeStructLinked,
      student_fee_receipt_option: institute.isFeeReceiptEnabled,
    },
    is_institute_type_school: institute.isSchool,
    enable_eLearn_feature: institute.isElearnEnabled,
    enable_online_assignment_feature: institute.isOnlineAssignmentEnabled,
    course_structure_flag: institute.isCourseStructure,
    institute_setup_type: institute.isSchool ? 'SCHOOL' : 'COACHING',
    zoom_enabled: institute.isZoomEnabled,
    student_profile_update_restrict: institute.isProfileUpdateAllowed,
    acad_yr_id: startYear?.id ?? null,
    ay_start_date: startYearRow?.startDate ?? '',
    ay_end_date: startYearRow?.endDate ?? '',
    current_acad_yr_id: currentYear?.id ?? null,
    student_acad_year: studentYears.map((year) => ({ acad_yr_id: year.id, acad_yr_name: year.name })),
    acad_year_list: instituteYears.map((year) => ({
      inst_acad_year_id: year.id,
      inst_acad_year: year.name,
      start_date: year.startDate,
      end_date: year.endDate,
    })),
    inst_announcement: '',
    help_url: institute.helpUrl,
    facebook_url: institute.facebookUrl,
    twitter_url: institute.twitterUrl,
    linkedin_url: institute.linkedinUrl,
    whatsapp_url: institute.whatsappUrl,
    youtube_url: institute.youtubeUrl,
    instagram_url: institute.instagramUrl,
    privacy_policy_url: institute.privacyPolicyUrl,
    terms_and_condition_url: institute.termsUrl,
    country_calling_code: institute.countryCallingCode,
    prodUrl: institute.storeUrl,
    must_change_password: input.mustChangePassword,
    is_login_allowed: 1,
  };
}
