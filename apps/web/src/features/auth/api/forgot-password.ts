import type { ForgotPasswordChoice } from '@campus/domain/auth/auth.contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ForgotPasswordRequest {
  /** The phone number, digits only. */
  user_name: string;
  institute_id?: number;
  /** Set when the phone has several accounts and one was picked ('Forgot Password For'). */
  choice_id?: string;
}

/** null: a new password was sent; a list: the phone has several accounts to choose from. */
export interface ForgotPasswordAnswer {
  statusCode: number;
  message: string;
  result: ForgotPasswordChoice[] | null;
}

/** POST /api/v2/user/forgotPassword. */
export function forgotPassword(request: ForgotPasswordRequest): Promise<ForgotPasswordAnswer> {
  return apiRequest<ForgotPasswordAnswer>('/api/v2/user/forgotPassword', {
    method: 'POST',
    auth: false,
    body: { ...request, source: 'WEB' },
  });
}

export const useForgotPasswordMutation = () => useMutation({ mutationFn: forgotPassword });
