import { maxBanners } from '@campus/domain/home/home-rules';
import { homeEndpoints } from '@campus/domain/home/home.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { bannersInput, showsBanners } from './home-requests.ts';

/** GET /api/v1/banner-prom/for_student/{userType}: up to 5 banners and the promotional pop-up. */
export async function getBanners(userType: number, signal?: AbortSignal) {
  const answer = await call(homeEndpoints.banners, bannersInput(userType), { signal });
  return { banner: answer.result.banner.slice(0, maxBanners), prom: answer.result.prom };
}

export const bannersQuery = (session: StoredSession) =>
  keepOffline(
    queryOptions({
      queryKey: ['home', 'banners', session.institute_id, session.user_id, session.user_type],
      queryFn: ({ signal }) => getBanners(session.user_type, signal),
      // Only the institute's marketing-and-banners setting turns them on (spec part 1 §2).
      enabled: showsBanners(session),
      staleTime: 5 * 60 * 1000,
      // A failure shows no banners (a 403 has logged out already): nothing to retry for.
      retry: false,
    }),
  );

/** The banners and promo of the signed-in user; none while loading, on failure or when the setting is off. */
export const useBanners = (session: StoredSession) => useQuery(bannersQuery(session));
