import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { profileEndpoints } from './profile.endpoints.ts';
import { messageAnswerSchema } from '../auth/auth.contract.ts';
import { bloodGroups, maxAddressLength, maxBirthPlaceLength } from './profile-rules.ts';

/** Profile of GET /api/v1/students/get-student-detail/{institute_id}/{stud_id}. Aadhar numbers come masked. */
export const studentProfileSchema = z.object({
  student_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  student_display_id: z.string(),
  join_date: z.string(),
  mobile_no: z.string(),
  email_id: z.string(),
  address: z.string(),
  permanent_address: z.string(),
  /** Standard (school) or course (coaching) and the section or batch of the working year. */
  standard_name: z.string(),
  batch_name: z.string(),
  assigned_courses: z.array(z.string()),
  roll_no: z.number().int(),
  mother_tongue: z.string(),
  gender: z.string(),
  country: z.string(),
  state: z.string(),
  birth_place: z.string(),
  religion: z.string(),
  blood_group: z.string(),
  dob: z.string().nullable(),
  student_aadhar_no: z.string(),
  parent_name: z.string(),
  parent_email: z.string(),
  parent_profession: z.string(),
  parent_phone: z.string(),
  parent_aadhar_no: z.string(),
  guardian_name: z.string(),
  guardian_phone: z.string(),
  guardian_email: z.string(),
  photo_url: z.string(),
  is_institute_type_school: z.boolean(),
  /** Editing is allowed when true (the spec's name reads the other way round). */
  student_profile_update_restrict: z.boolean(),
});
export type StudentProfile = z.infer<typeof studentProfileSchema>;

export const studentProfileAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: studentProfileSchema,
});

/** Body of PUT /api/v1/profiles/update/{institute_id}/{user_id}: exactly one field. */
export const profileUpdateBodySchema = z
  .object({
    address: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(maxAddressLength, `must be at most ${maxAddressLength} characters`),
    birth_place: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(maxBirthPlaceLength, `must be at most ${maxBirthPlaceLength} characters`),
    blood_group: z.enum(bloodGroups, { error: `must be one of ${bloodGroups.join(', ')}` }),
    dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
    /** Base64 of the image, optionally as a data: URL. */
    photo: z.string().min(1, 'is required').max(3_000_000, 'is too large'),
  })
  .partial()
  .strict()
  .refine((body) => Object.values(body).filter((value) => value !== undefined).length === 1, {
    message: 'send exactly one of address, birth_place, blood_group, dob, photo',
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

const wholeNumber = z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive();

/** Request and answer schemas of each profile endpoint. */
export const profileSchemas = {
  profile: {
    params: z.object({ institute_id: wholeNumber, stud_id: wholeNumber }),
    answer: studentProfileAnswerSchema,
  },
  update: {
    params: z.object({ institute_id: wholeNumber, user_id: wholeNumber }),
    body: profileUpdateBodySchema,
    answer: messageAnswerSchema,
  },
};

/** The profile endpoints with their schemas, as the API registers them. */
export const profileContract = bindContract(profileEndpoints, profileSchemas);
