import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { authEndpoints } from './auth.endpoints.ts';

export { isParentUserType, openCourseUserType, parentUserType, studentUserType } from './user-types.ts';

/** Longest login or password the server reads; anything longer is refused before any work. */
export const maxLoginLength = 254;
export const maxPasswordLength = 128;

const login = z.string({ error: 'is required' }).max(maxLoginLength, `must be at most ${maxLoginLength} characters`);
const password = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(maxPasswordLength, `must be at most ${maxPasswordLength} characters`);
const deviceId = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');
const id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive');

/** Body of POST /api/v2/user/v3/login (spec part 1 §7). */
export const loginBodySchema = z.object({
  user_name: login,
  password,
  device_id: deviceId,
  source: z.literal('WEB', { error: 'must be WEB' }).default('WEB'),
  user_type: z.coerce
    .number<number | string>({ error: 'must be a whole number' })
    .int('must be a whole number')
    .optional(),
  user_id: id.optional(),
  institute_id: id.optional(),
  logout_from_all_devices: z.boolean({ error: 'must be true or false' }).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** One academic year of the user's own (student_acad_year). */
export const studentAcadYearSchema = z.object({ acad_yr_id: z.number().int(), acad_yr_name: z.string() });
/** One academic year of the institute (acad_year_list). */
export const instituteAcadYearSchema = z.object({
  inst_acad_year_id: z.number().int(),
  inst_acad_year: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type InstituteAcadYear = z.infer<typeof instituteAcadYearSchema>;

export const deliveryModes = ['ONLINE', 'OFFLINE', 'HYBRID_BLENDED'] as const;
export const materialModes = ['STUDY_MATERIAL', 'FILE_MANEGER', 'BOTH', 'NONE'] as const;

/** The institute plan settings the session carries (inst_set_up). */
export const instSetUpSchema = z.object({
  classes: z.enum(deliveryModes),
  exam: z.enum(deliveryModes),
  file_manager_study_material: z.enum(materialModes),
  store: z.boolean(),
  twitter_url: z.string(),
  is_marketing_and_banner: z.boolean(),
  is_fee_struct_linked: z.boolean(),
  student_fee_receipt_option: z.boolean(),
});
export type InstSetUp = z.infer<typeof instSetUpSchema>;

/**
 * The signed-in session the login answers (spec part 1 §3). The browser keeps it in local storage and adds
 * selectedAcadYear, selectedAcadYrId, logindatetime and currentMode itself. It never holds a password or hash.
 */
export const sessionSchema = z.object({
  user_id: z.number().int(),
  user_type: z.number().int(),
  account_id: z.number().int(),
  institute_id: z.number().int(),
  institution_id: z.number().int(),
  institute_name: z.string(),
  logo_url: z.string(),
  name: z.string(),
  email_id: z.string(),
  photo_url: z.string(),
  join_date: z.string(),
  student_id: z.number().int().nullable(),
  stud_id: z.number().int().nullable(),
  student_display_id: z.string(),
  student_phone: z.string(),
  /** The Authorization credential of the main API (see credential.ts). */
  student_auth: z.string(),
  /** Credential scoped to the exam service. */
  examdesk_auth_token: z.string(),
  /** Credential scoped to the score card. */
  scorecard_auth_token: z.string(),
  device_id: z.string(),
  parentslogin: z.boolean(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string(),
  parent_num: z.string(),
  inst_set_up: instSetUpSchema,
  is_institute_type_school: z.boolean(),
  enable_eLearn_feature: z.boolean(),
  enable_online_assignment_feature: z.boolean(),
  course_structure_flag: z.boolean(),
  institute_setup_type: z.string(),
  zoom_enabled: z.boolean(),
  student_profile_update_restrict: z.boolean(),
  /** The academic year the credential starts in (the current one, else the user's latest). */
  acad_yr_id: z.number().int().nullable(),
  ay_start_date: z.string(),
  ay_end_date: z.string(),
  /** The institute's current academic year id, to tell whether the user belongs to it. */
  current_acad_yr_id: z.number().int().nullable(),
  student_acad_year: z.array(studentAcadYearSchema),
  acad_year_list: z.array(instituteAcadYearSchema),
  inst_announcement: z.string(),
  help_url: z.string(),
  facebook_url: z.string(),
  twitter_url: z.string(),
  linkedin_url: z.string(),
  whatsapp_url: z.string(),
  youtube_url: z.string(),
  instagram_url: z.string(),
  privacy_policy_url: z.string(),
  terms_and_condition_url: z.string(),
  country_calling_code: z.string(),
  prodUrl: z.string(),
  /** Set when the password used was a temporary one: a new password must be set before anything else. */
  must_change_password: z.boolean(),
  is_login_allowed: z.literal(1),
});
export type Session = z.infer<typeof sessionSchema>;

/** One profile of a login that matches several (Select Profile). No password travels in it. */
export const roleEntrySchema = z.object({
  user_id: z.number().int(),
  user_type: z.number().int(),
  institute_id: z.number().int(),
  institute_name: z.string(),
  /** 'student' or 'parent_student'. */
  display: z.enum(['student', 'parent_student']),
  name: z.string(),
  student_name: z.string(),
  student_id: z.number().int().nullable(),
  phone_no: z.string(),
  account_id: z.number().int(),
  email_id: z.string(),
  photo_url: z.string(),
  join_date: z.string(),
  student_acad_year: z.array(studentAcadYearSchema),
  is_login_allowed: z.number().int(),
});
export type RoleEntry = z.infer<typeof roleEntrySchema>;

/** login_option values (spec part 1 §4). */
export const loginOptions = { otherDevice: 10, unregisteredDevice: 11, blocked: 13 } as const;

/** A login that cannot go on as asked: another device (10), unregistered device (11), blocked (13), fee dues. */
export const loginStopSchema = z.object({
  login_option: z.number().int().optional(),
  is_login_allowed: z.number().int(),
});

/** Answer of POST /api/v2/user/v3/login. */
export const loginAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.union([sessionSchema, z.array(roleEntrySchema), loginStopSchema]).nullable(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Body of POST /api/v2/user/forgotPassword. */
export const forgotPasswordBodySchema = z.object({
  user_name: z.string({ error: 'is required' }).regex(/^\d{1,15}$/, 'must be a phone number of digits only'),
  institute_id: id.optional(),
  /** Ignored: an account is chosen by the opaque `choice_id` of the list, never by its id. */
  user_id: id.optional(),
  /** The account picked from the 'Forgot Password For' list. */
  choice_id: z.string().max(100, 'must be at most 100 characters').optional(),
  source: z.literal('WEB', { error: 'must be WEB' }).default('WEB'),
});

/**
 * One account of a phone in the 'Forgot Password For' list: only what the screen shows and an opaque id to
 * send back. Nobody is signed in here, so no ids, emails, dates or flags.
 */
export const forgotPasswordChoiceSchema = z.object({
  choice_id: z.string(),
  display_name: z.string(),
});
export type ForgotPasswordChoice = z.infer<typeof forgotPasswordChoiceSchema>;

/** Answer of POST /api/v2/user/forgotPassword: null when sent (or not registered), a list to choose from otherwise. */
export const forgotPasswordAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.array(forgotPasswordChoiceSchema).nullable(),
});

/** Body of POST /api/v1/changePwd. */
export const changePasswordBodySchema = z.object({
  institute_id: id,
  username: z.string().max(maxLoginLength).optional(),
  oldPassword: z.string({ error: 'is required' }).max(maxPasswordLength),
  newPassword: z.string({ error: 'is required' }).max(maxPasswordLength),
  userid: id,
});

/** Answer of GET /api/v1/academicYear/all/{instituteId}. */
export const academicYearsAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.array(instituteAcadYearSchema),
});

/** Body of POST /prod/ext/sso/login. */
export const ssoExchangeBodySchema = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
});

/** Answer of POST /prod/ext/sso/login: `data.result`. */
export const ssoExchangeAnswerSchema = z.object({
  data: z.object({
    result: z
      .object({
        status: z.string(),
        key: z.string(),
        phone: z.string(),
        email_id: z.string(),
        inst_id: z.number().int(),
        redirect_url: z.string(),
      })
      .nullable(),
  }),
});

/** True for an absolute http: or https: address: the only kind the web app may send a user back to. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Body of the institute system's POST /api/v1/sso/link (authenticated by the institute's API key). The web app
 * later sends the user to `redirect_url`, so a javascript: or data: address (script on the portal) is refused.
 */
export const ssoLinkBodySchema = z.object({
  login: z.string({ error: 'is required' }).min(1, 'is required').max(maxLoginLength),
  redirect_url: z.string().max(2000).refine(isHttpUrl, 'must be an http:// or https:// address').optional(),
});

/** Answer of POST /api/v1/sso/link. */
export const ssoLinkAnswerSchema = z.object({ link: z.string(), token: z.string(), expires_at: z.string() });

/** A plain `{statusCode, message}` answer for writes whose body the spec does not show. */
export const messageAnswerSchema = z.object({ statusCode: z.number().int(), message: z.string() });

const instituteIdParams = z.object({
  instituteId: z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive(),
});

/** Request and answer schemas of each auth endpoint. */
export const authSchemas = {
  login: { body: loginBodySchema, answer: loginAnswerSchema },
  forgotPassword: { body: forgotPasswordBodySchema, answer: forgotPasswordAnswerSchema },
  academicYears: { params: instituteIdParams, answer: academicYearsAnswerSchema },
  logout: { query: z.object({ deviceId: z.string().max(100).optional() }), answer: messageAnswerSchema },
  changePassword: { body: changePasswordBodySchema, answer: messageAnswerSchema },
  ssoLink: { body: ssoLinkBodySchema, answer: ssoLinkAnswerSchema },
  ssoExchange: { body: ssoExchangeBodySchema, answer: ssoExchangeAnswerSchema },
  switchChild: {
    body: z.object({ student_id: z.number({ error: 'must be a whole number' }).int().positive() }),
    answer: z.object({ statusCode: z.number().int(), message: z.string(), result: sessionSchema }),
  },
};

/** The auth endpoints with their schemas, as the API registers them. */
export const authContract = bindContract(authEndpoints, authSchemas);
