import { feesEndpoints } from '@campus/domain/fees/fees.endpoints';
import { overdueAmount } from '@campus/domain/fees/fees-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import { feeDuesInput, type FeeDuesReader as Reader } from './home-requests.ts';

/** What the selected child's overdue installments owe in the session's year (0 when nothing is overdue). */
export const feeDuesQuery = (reader: Reader) =>
  keepOffline(
    queryOptions({
      queryKey: ['fees', reader.institute_id, reader.student_id, reader.selectedAcadYrId, 'overdue'],
      queryFn: async ({ signal }) => {
        const answer = await call(feesEndpoints.summary, feeDuesInput(reader)!, { signal });
        return overdueAmount(answer.result.a_install_li);
      },
      // Only parents see the banner, and only for a child in a year.
      enabled: feeDuesInput(reader) !== null,
      retry: false,
    }),
  );

export const useFeeDues = (reader: Reader) => useQuery(feeDuesQuery(reader));
