import type { LogoResult } from '@campus/domain/shell/shell.contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/institutes/getLogoAndFavIcon for the host the browser used. */
export async function getBranding(host: string, signal?: AbortSignal): Promise<LogoResult> {
  const query = new URLSearchParams({ virtualHostUrl: host });
  const answer = await apiRequest<{ result: LogoResult }>(`/api/v1/institutes/getLogoAndFavIcon?${query}`, { signal });
  return answer.result;
}

export const brandingQuery = (host: string) =>
  queryOptions({
    queryKey: ['shell', 'branding', host],
    queryFn: ({ signal }) => getBranding(host, signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

/** The institute reached at this page's host. */
export const useBranding = () => useQuery(brandingQuery(window.location.hostname));
