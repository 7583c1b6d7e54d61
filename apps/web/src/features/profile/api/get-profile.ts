import { profileEndpoints } from '@campus/domain/profile/profile.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { profileInput } from './profile-requests.ts';

/** GET /api/v1/students/get-student-detail/{institute_id}/{stud_id}: Aadhar numbers come masked. */
export async function getProfile(instituteId: number, studentId: number | null, signal?: AbortSignal) {
  // A login without a student (an open-course buyer) has no student profile to read.
  if (studentId === null) throw new ApiError(404, 'Not Found');
  const answer = await call(profileEndpoints.profile, profileInput(instituteId, studentId), { signal });
  return answer.result;
}

export const profileQuery = (session: StoredSession) =>
  queryOptions({
    // Standard, batch and roll number follow the selected academic year.
    queryKey: ['profile', session.institute_id, session.student_id, session.selectedAcadYrId],
    queryFn: ({ signal }) => getProfile(session.institute_id, session.student_id, signal),
    // A failure shows the message and the overlay at once (spec part 1 §8).
    retry: false,
    // A login without a student (an open-course buyer) has no student profile to ask for.
    enabled: session.student_id !== null,
  });

/** The profile of the signed-in student (or of a parent's child). */
export const useProfile = (session: StoredSession) => useQuery(profileQuery(session));
