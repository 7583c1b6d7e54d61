import { alertsEndpoints } from '@campus/domain/alerts/alerts.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

export type Bell = AnswerOf<typeof alertsEndpoints.list>;

/** How often an open app asks for new alerts: the worker produces them every few minutes at most. */
export const bellRefreshMs = 60_000;

/** GET /api/v1/alerts/bell: the account's newest alerts and how many are unread. */
export const bellQuery = () =>
  queryOptions({
    queryKey: ['alerts', 'bell'],
    queryFn: ({ signal }) => call(alertsEndpoints.list, {}, { signal }),
    refetchInterval: bellRefreshMs,
    staleTime: bellRefreshMs / 2,
  });
