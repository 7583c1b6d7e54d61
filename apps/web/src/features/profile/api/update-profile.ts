import type { ProfileUpdateBody } from '@campus/domain/profile/profile.contract';
import { profileEndpoints } from '@campus/domain/profile/profile.endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

/** PUT /api/v1/profiles/update/{institute_id}/{user_id} with exactly one field; answers the toast to show. */
export function updateProfile(instituteId: number, userId: number, body: ProfileUpdateBody) {
  return call(profileEndpoints.update, { params: { institute_id: instituteId, user_id: userId }, body });
}

/** Saves one profile field, then reads the profile again. */
export function useUpdateProfile(session: StoredSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => updateProfile(session.institute_id, session.user_id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
