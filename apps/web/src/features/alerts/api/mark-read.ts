import { alertsEndpoints } from '@campus/domain/alerts/alerts.endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { bellQuery, type Bell } from './bell.ts';

// Apart from bell.ts: the header's button loads with every screen, the list (and this) when the bell is opened.

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
