import type { CalendarMonth } from '@campus/domain/events/events-rules';
import { eventsEndpoints } from '@campus/domain/events/events.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

type Viewer = Pick<StoredSession, 'institute_id' | 'student_id' | 'selectedAcadYrId'>;

/**
 * POST /api/v1/holiday_manager/getDetail (spec part 2 §7 Events): the events of one month by day, the student's
 * own ('My Event') or all of them.
 */
export function getEvents(viewer: Viewer, { year, month }: CalendarMonth, isAll: boolean, signal?: AbortSignal) {
  return call(
    eventsEndpoints.detail,
    {
      body: {
        institution_id: viewer.institute_id,
        month,
        year,
        student_id: viewer.student_id ?? undefined,
        is_all_event_for_student: isAll,
        event_type: 0,
        search_date: null,
        is_yearly_view: false,
      },
    },
    { signal },
  );
}

export const eventsQuery = (viewer: Viewer, month: CalendarMonth, isAll: boolean) =>
  queryOptions({
    queryKey: [
      'events',
      viewer.institute_id,
      viewer.student_id,
      viewer.selectedAcadYrId,
      month.year,
      month.month,
      isAll,
    ],
    queryFn: ({ signal }) => getEvents(viewer, month, isAll, signal),
    retry: false,
  });

/** One month of the calendar. */
export const useEvents = (viewer: Viewer, month: CalendarMonth, isAll: boolean) =>
  useQuery(eventsQuery(viewer, month, isAll));
