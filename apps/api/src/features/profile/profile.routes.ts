import { studentUserType } from '@campus/domain/auth/auth.contract';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { profileUpdateBodySchema, studentProfileAnswerSchema } from '@campus/domain/profile/profile.contract';
import {
  maskAadhar,
  maxPhotoBytes,
  parseIsoDate,
  profileMessages,
  sniffImageType,
  validateDob,
} from '@campus/domain/profile/profile-rules';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { assertOwnInstitute, requireAuth } from '../../plugins/auth.ts';
import { findProfile, findProfileFlags, updateProfile } from './profile.repository.ts';
import { messageAnswerSchema } from '@campus/domain/auth/auth.contract';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
};
const photoUrlLifetimeMs = 24 * 60 * 60 * 1000;

/** Decodes a base64 photo (optionally a data: URL) and checks it is an image of an accepted type and size. */
function decodePhoto(value: string): { bytes: Buffer; type: string; extension: string } {
  const base64 = value.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/\s]*={0,2}$/.test(base64))
    throw new AppError(400, 'VALIDATION_FAILED', 'body.photo: must be base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new AppError(400, 'VALIDATION_FAILED', 'body.photo: is required');
  if (bytes.length > maxPhotoBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The photo must be 2 MB or smaller.');
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(400, 'VALIDATION_FAILED', 'body.photo: must be a JPEG, PNG, GIF or WebP image');
  return { bytes, type, extension: type.split('/')[1]! };
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/get-student-detail/:institute_id/:stud_id',
    {
      schema: {
        tags: ['profile'],
        params: z.object({
          institute_id: z.coerce.number().int().positive(),
          stud_id: z.coerce.number().int().positive(),
        }),
        response: { 200: studentProfileAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertOwnInstitute(request, request.params.institute_id);
      if (request.params.stud_id !== auth.studentId) throw new AppError(404, 'NOT_FOUND', 'Not Found');
      const found = await findProfile(app.db, auth.instituteId, auth.studentId, auth.academicYearId);
      if (!found) throw new AppError(404, 'NOT_FOUND', 'Not Found');
      const { student, user, places } = found;
      const photoUrl = student.photoFileKey
        ? `/api/v1/files/${app.signer.sign({ key: student.photoFileKey, name: 'photo', type: `image/${student.photoFileKey.split('.').at(-1)}`, disposition: 'inline', expiresAt: app.now().getTime() + photoUrlLifetimeMs })}`
        : user.photoUrl;
      return {
        statusCode: 200,
        message: 'success',
        result: {
          student_id: student.id,
          user_id: user.id,
          name: user.name,
          student_display_id: student.displayId,
          join_date: user.joinDate,
          mobile_no: user.phone ?? '',
          email_id: user.email ?? '',
          address: student.address,
          permanent_address: student.permanentAddress,
          standard_name: places[0]?.standard ?? '',
          batch_name: places.map((place) => place.batch).join(', '),
          assigned_courses: places.map((place) => `${place.standard} - ${place.batch}`),
          roll_no: places[0]?.rollNo ?? 0,
          mother_tongue: student.motherTongue,
          gender: student.gender,
          country: student.country,
          state: student.state,
          birth_place: student.birthPlace,
          religion: student.religion,
          blood_group: student.bloodGroup,
          dob: student.dob,
          // Only the last 4 digits ever leave the server.
          student_aadhar_no: maskAadhar(student.aadharNo),
          parent_name: student.parentName,
          parent_email: student.parentEmail,
          parent_profession: student.parentProfession,
          parent_phone: student.parentPhone,
          parent_aadhar_no: maskAadhar(student.parentAadharNo),
          guardian_name: student.guardianName,
          guardian_phone: student.guardianPhone,
          guardian_email: student.guardianEmail,
          photo_url: photoUrl,
          is_institute_type_school: found.isSchool,
          student_profile_update_restrict: found.canEdit,
        },
      };
    },
  );

  app.put(
    '/api/v1/profiles/update/:institute_id/:user_id',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['profile'],
        params: z.object({
          institute_id: z.coerce.number().int().positive(),
          user_id: z.coerce.number().int().positive(),
        }),
        body: profileUpdateBodySchema,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertOwnInstitute(request, request.params.institute_id);
      // Only students edit, only their own profile, and only where the institute allows it (spec part 1 §5).
      if (auth.userType !== studentUserType || request.params.user_id !== auth.userId) {
        throw new AppError(403, 'FORBIDDEN', 'You may not edit this profile');
      }
      if (!(await findProfileFlags(app.db, auth.instituteId))?.canEdit) {
        throw new AppError(403, 'FORBIDDEN', 'Your institute does not allow profile changes');
      }
      const body = request.body;
      let message: string;
      let change: Parameters<typeof updateProfile>[3];
      let newPhotoKey: string | undefined;
      if (body.address !== undefined) {
        change = { address: body.address };
        message = profileMessages.addressUpdated;
      } else if (body.birth_place !== undefined) {
        change = { birthPlace: body.birth_place };
        message = profileMessages.birthPlaceUpdated;
      } else if (body.blood_group !== undefined) {
        change = { bloodGroup: body.blood_group };
        message = profileMessages.bloodGroupUpdated;
      } else if (body.dob !== undefined) {
        const parts = parseIsoDate(body.dob);
        const problem = parts
          ? validateDob(parts.day, parts.month, parts.year, dateInZone(app.now(), 'Asia/Kolkata'))
          : profileMessages.invalid;
        if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem);
        change = { dob: body.dob };
        message = profileMessages.dobUpdated;
      } else {
        const photo = decodePhoto(body.photo!);
        newPhotoKey = (await app.storage.putBuffer(photo.bytes, photo.extension)).key;
        change = { photoFileKey: newPhotoKey };
        message = profileMessages.photoUpdated;
      }
      const result = await updateProfile(app.db, auth.instituteId, auth.userId, change).catch(async (error) => {
        if (newPhotoKey) await app.storage.remove(newPhotoKey);
        throw error;
      });
      if (!result) {
        if (newPhotoKey) await app.storage.remove(newPhotoKey);
        throw new AppError(404, 'NOT_FOUND', 'Not Found');
      }
      if (result.replacedPhotoKey) await app.storage.remove(result.replacedPhotoKey);
      return { statusCode: 200, message };
    },
  );
};
