import type { ProfileUpdateBody } from '@campus/domain/profile/profile.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

/** PUT /api/v1/profiles/update/{institute_id}/{user_id} with exactly one field; answers the toast to show. */
export function updateProfile(instituteId: number, userId: number, body: ProfileUpdateBody) {
  return apiRequest<{ statusCode: number; message: string }>(`/api/v1/profiles/update/${instituteId}/${userId}`, {
    method: 'PUT',
    body,
  });
}

/** Saves one profile field, then reads the profile again. */
export function useUpdateProfile(session: StoredSession) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => updateProfile(session.institute_id, session.user_id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
