import { todayEndpoints } from '@campus/domain/today/today.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { keepOffline } from '../../../lib/offline-query.ts';
import type { StoredSession } from '../../../lib/session.ts';

export type TodayReader = Pick<StoredSession, 'institute_id' | 'account_id' | 'user_id' | 'selectedAcadYrId'>;

/** GET /api/v1/today: the account's day, every child of a parent in one answer (issue 31). */
export const todayQuery = (reader: TodayReader) =>
  keepOffline(
    queryOptions({
      // The account's, whichever child a parent views: the answer holds every child.
      queryKey: ['home', 'today', reader.institute_id, reader.account_id, reader.selectedAcadYrId],
      queryFn: ({ signal }) => call(todayEndpoints.today, {}, { signal }),
      retry: false,
    }),
  );

export const useToday = (reader: TodayReader) => useQuery(todayQuery(reader));
