import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Body of POST /api/v1/changePwd. */
export interface ChangePasswordBody {
  institute_id: number;
  username?: string;
  oldPassword: string;
  newPassword: string;
  /** The parent's id for a parent login, else the user id (spec part 1 §6). */
  userid: number;
}

export interface ChangePasswordRequest {
  body: ChangePasswordBody;
  /** A credential not yet stored (the temporary-password login); the stored session's otherwise. */
  authorization?: string;
}

/** POST /api/v1/changePwd: the server checks the existing password and revokes the user's other sessions. */
export function changePassword({ body, authorization }: ChangePasswordRequest) {
  return apiRequest<{ statusCode: number; message: string }>('/api/v1/changePwd', {
    method: 'POST',
    body,
    headers: authorization ? { Authorization: authorization } : undefined,
  });
}

export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
