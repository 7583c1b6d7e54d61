import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { useMutation } from '@tanstack/react-query';
import { call, type AnswerOf, type InputOf } from '../../../lib/api-client.ts';

/** What the screen sends: the phone number, and the account picked when it has several ('Forgot Password For'). */
export type ForgotPasswordRequest = Omit<InputOf<typeof authEndpoints.forgotPassword>['body'], 'source' | 'user_id'>;

/** result null: a new password was sent; a list: the phone has several accounts to choose from. */
export type ForgotPasswordAnswer = AnswerOf<typeof authEndpoints.forgotPassword>;

/** POST /api/v2/user/forgotPassword. */
export function forgotPassword(request: ForgotPasswordRequest): Promise<ForgotPasswordAnswer> {
  return call(authEndpoints.forgotPassword, { body: { ...request, source: 'WEB' } }, { auth: false });
}

export const useForgotPasswordMutation = () => useMutation({ mutationFn: forgotPassword });
