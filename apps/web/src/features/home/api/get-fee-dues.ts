import { feesEndpoints } from '@campus/domain/fees/fees.endpoints';
import { overdueAmount } from '@campus/domain/fees/fees-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

type Reader = Pick<StoredSession, 'institute_id' | 'student_id' | 'selectedAcadYrId' | 'parentslogin'>;

/** What the selected child's overdue installments owe in the session's year (0 when nothing is overdue). */
export const feeDuesQuery = (reader: Reader) =>
  keepOffline(
    queryOptions({
      queryKey: ['fees', reader.institute_id, reader.student_id, reader.selectedAcadYrId, 'overdue'],
      queryFn: async ({ signal }) => {
        const answer = await call(
          feesEndpoints.summary,
          {
            params: {
              instituteId: reader.institute_id,
              studentId: reader.student_id!,
              academicYearId: reader.selectedAcadYrId!,
            },
          },
          { signal },
        );
        return overdueAmount(answer.result.a_install_li);
      },
      // Only parents see the banner, and only for a child in a year.
      enabled: reader.parentslogin && reader.student_id !== null && reader.selectedAcadYrId !== null,
      retry: false,
    }),
  );

export const useFeeDues = (reader: Reader) => useQuery(feeDuesQuery(reader));
