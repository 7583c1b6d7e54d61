import { apiRequest } from '../../../lib/api-client.ts';

/** What a single sign-on link's token is exchanged for (spec part 1 §3). */
export interface SsoResult {
  status: string;
  /** A one-time secret the login call accepts as the password. */
  key: string;
  phone: string;
  email_id: string;
  inst_id: number;
  redirect_url: string;
}

/** POST /prod/ext/sso/login: the token's result, or null when the exchange gives none. */
export async function exchangeSsoToken(token: string): Promise<SsoResult | null> {
  const answer = await apiRequest<{ data?: { result?: SsoResult | null } }>('/prod/ext/sso/login', {
    method: 'POST',
    auth: false,
    body: { token },
  });
  return answer?.data?.result ?? null;
}
