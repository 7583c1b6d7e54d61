import type { LogoResult } from '@campus/domain/shell/shell.contract';
import { shellEndpoints } from '@campus/domain/shell/shell.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /api/v1/institutes/getLogoAndFavIcon for the host the browser used. */
export async function getBranding(host: string, signal?: AbortSignal) {
  const answer = await call(shellEndpoints.branding, { query: { virtualHostUrl: host } }, { signal });
  return answer.result;
}

/** The branding the server put into the page for this host (api plugins/web.ts); parsed once per text. */
let parsed: { text: string; value: LogoResult | undefined } | undefined;
function brandingInPage(): LogoResult | undefined {
  const text = document.getElementById('branding')?.textContent ?? '';
  if (parsed?.text !== text) {
    let value: LogoResult | undefined;
    try {
      value = text ? (JSON.parse(text) as LogoResult) : undefined;
    } catch {
      value = undefined;
    }
    parsed = { text, value };
  }
  return parsed.value;
}

export const brandingQuery = (host: string) =>
  queryOptions({
    queryKey: ['shell', 'branding', host],
    queryFn: ({ signal }) => getBranding(host, signal),
    // The page came with it: no round trip before the institute can paint.
    initialData: host === window.location.hostname ? brandingInPage() : undefined,
    initialDataUpdatedAt: Date.now,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

/** The institute reached at this page's host. */
export const useBranding = () => useQuery(brandingQuery(window.location.hostname));
