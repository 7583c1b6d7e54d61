import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

/**
 * What a single sign-on link's token is exchanged for (spec part 1 §3); `key` is a one-time secret the login call
 * accepts as the password.
 */
export type SsoResult = NonNullable<AnswerOf<typeof authEndpoints.ssoExchange>['data']['result']>;

/** POST /prod/ext/sso/login: the token's result, or null when the exchange gives none. */
export async function exchangeSsoToken(token: string): Promise<SsoResult | null> {
  const answer = await call(authEndpoints.ssoExchange, { body: { token } }, { auth: false });
  // Read defensively: an exchange that answers no body or no result still means "no result".
  return answer?.data?.result ?? null;
}
