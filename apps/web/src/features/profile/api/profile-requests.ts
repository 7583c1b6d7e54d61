import type { profileEndpoints } from '@campus/domain/profile/profile.endpoints';
import type { InputOf } from '../../../lib/api-client.ts';

// The profile request, free of the query layer: the page's boot script sends it too (src/boot.ts).

export const profileInput = (instituteId: number, studentId: number): InputOf<typeof profileEndpoints.profile> => ({
  params: { institute_id: instituteId, stud_id: studentId },
});
