import { alertsEndpoints } from '@campus/domain/alerts/alerts.endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type AnswerOf } from '../../../lib/api-client.ts';

type Bell = AnswerOf<typeof alertsEndpoints.list>;

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

/** POST /api/v1/alerts/bell/read: marks alerts read; the bell shows them read at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertIds: number[]) => call(alertsEndpoints.read, { body: { alert_ids: alertIds } }),
    onMutate: (alertIds) => {
      queryClient.setQueryData<Bell>(bellQuery().queryKey, (bell) =>
        bell
          ? {
              unread: Math.max(
                0,
                bell.unread - bell.alerts.filter((a) => !a.read && alertIds.includes(a.alert_id)).length,
              ),
              alerts: bell.alerts.map((a) => (alertIds.includes(a.alert_id) ? { ...a, read: true } : a)),
            }
          : bell,
      );
    },
    onSuccess: ({ unread }) =>
      queryClient.setQueryData<Bell>(bellQuery().queryKey, (bell) => (bell ? { ...bell, unread } : bell)),
  });
}
