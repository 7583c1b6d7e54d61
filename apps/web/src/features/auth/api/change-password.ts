import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { useMutation } from '@tanstack/react-query';
import { call, type InputOf } from '../../../lib/api-client.ts';

/** Body of POST /api/v1/changePwd; `userid` is the parent's id for a parent login, else the user id (spec 1 §6). */
export type ChangePasswordBody = InputOf<typeof authEndpoints.changePassword>['body'];

export interface ChangePasswordRequest {
  body: ChangePasswordBody;
  /** A credential not yet stored (the temporary-password login); the stored session's otherwise. */
  authorization?: string;
}

/** POST /api/v1/changePwd: the server checks the existing password and revokes the user's other sessions. */
export function changePassword({ body, authorization }: ChangePasswordRequest) {
  return call(authEndpoints.changePassword, { body }, { authorization });
}

export const useChangePasswordMutation = () => useMutation({ mutationFn: changePassword });
