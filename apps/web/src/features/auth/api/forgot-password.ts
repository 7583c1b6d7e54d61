import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { useMutation } from '@tanstack/react-query';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

export interface ForgotPasswordRequest {
  /** The phone number, digits only. */
  user_name: string;
  institute_id?: number;
  /** Set when the phone has several accounts and one was picked ('Forgot Password For'). */
  choice_id?: string;
}

/** result null: a new password was sent; a list: the phone has several accounts to choose from. */
export type ForgotPasswordAnswer = AnswerOf<typeof authEndpoints.forgotPassword>;

/** POST /api/v2/user/forgotPassword. */
export function forgotPassword(request: ForgotPasswordRequest): Promise<ForgotPasswordAnswer> {
  return call(authEndpoints.forgotPassword, { body: { ...request, source: 'WEB' } }, { auth: false });
}

export const useForgotPasswordMutation = () => useMutation({ mutationFn: forgotPassword });
