import { addDays } from '@campus/domain/calendar/calendar';
import { liveCategory, liveFuturePast } from '@campus/domain/live/live-rules';
import { liveEndpoints } from '@campus/domain/live/live.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

const display = (iso: string) => iso.split('-').reverse().join('-');

/** Live classes are listed where the institute runs them online (the menu's rule, spec part 1 §2). */
export const hasLiveClasses = (session: StoredSession) =>
  session.inst_set_up.classes === 'ONLINE' || session.inst_set_up.classes === 'HYBRID_BLENDED';

/** The live classes of the next 7 days (today and the 6 after it), for the home listing (spec part 1 §2). */
export const liveWeekQuery = (session: StoredSession, today: string) =>
  keepOffline(
    queryOptions({
      queryKey: ['live-week', session.institute_id, session.user_id, today],
      queryFn: ({ signal }) =>
        call(
          liveEndpoints.meetings,
          {
            params: { institute_id: session.institute_id },
            body: {
              institution_id: session.institute_id,
              user_id: session.user_id,
              page_offset: 0,
              page_size: -1,
              live_future_past: liveFuturePast.upcoming,
              category: liveCategory,
              from_date: display(today),
              to_date: display(addDays(today, 6)),
            },
          },
          { signal },
        ),
      enabled: hasLiveClasses(session),
      retry: false,
    }),
  );

export const useLiveWeek = (session: StoredSession, today: string) => useQuery(liveWeekQuery(session, today));
