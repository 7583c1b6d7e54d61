import { studentUserType } from '@campus/domain/auth/auth.contract';
import { dateInZone } from '@campus/domain/calendar/calendar';
import { profileContract } from '@campus/domain/profile/profile.contract';
import {
  maskAadhar,
  maxPhotoBytes,
  parseIsoDate,
  profileMessages,
  sniffImageType,
  validateDob,
} from '@campus/domain/profile/profile-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import { AppError } from '../../errors.ts';
import { photoUrl as signedPhotoUrl } from '../../lib/signed-urls.ts';
import { findProfile, updateProfile } from './profile.repository.ts';

/**
 * A profile photo is private: its address must not stay usable long after the page that showed it (or after a
 * logout), so it lives minutes, like assignment downloads; the web app asks for the profile again on each visit.
 */
export const photoUrlLifetimeMs = 10 * 60 * 1000;

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

export async function profileRoutes(app: FastifyInstance) {
  defineRoute(app, profileContract.profile, async ({ scope }) => {
    const auth = scope.session;
    const found = await findProfile(app.db, auth.instituteId, scope.studentId, auth.academicYearId);
    if (!found) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    const { student, user, places } = found;
    const photoUrl = student.photoFileKey
      ? signedPhotoUrl(app.signer, auth.instituteId, student.photoFileKey, app.now().getTime() + photoUrlLifetimeMs)
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
  });

  defineRoute(
    app,
    profileContract.update,
    async ({ scope, body }) => {
      const auth = scope.session;
      // Only students edit (not open-course users), their own profile (the descriptor's ids), and only where the
      // institute allows it (spec part 1 §5).
      if (auth.userType !== studentUserType) throw new AppError(403, 'FORBIDDEN', 'You may not edit this profile');
      if (!(await scope.settings()).isProfileUpdateAllowed) {
        throw new AppError(403, 'FORBIDDEN', 'Your institute does not allow profile changes');
      }
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
    { bodyLimit: 4 * 1024 * 1024 },
  );
}
