import { eventsEndpoints } from '@campus/domain/events/events.endpoints';
import { timetableEndpoints } from '@campus/domain/timetable/timetable.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { keepOffline } from '../../../lib/offline-query.ts';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { holidaysInput, timetableInput, yearCountInput } from './timetable-requests.ts';

/** POST /api/v2/timeTable/v3 for one month (spec part 2 §7). */
export function getTimetable(session: StoredSession, year: number, month: number, signal?: AbortSignal) {
  return call(timetableEndpoints.timetable, timetableInput(session, year, month), { signal });
}

export const timetableQuery = (session: StoredSession, year: number, month: number) =>
  keepOffline(
    queryOptions({
      queryKey: ['timetable', session.institute_id, session.student_id, year, month],
      queryFn: ({ signal }) => getTimetable(session, year, month, signal),
      retry: false,
    }),
  );

export const useTimetable = (session: StoredSession, year: number, month: number, enabled = true) =>
  useQuery({ ...timetableQuery(session, year, month), enabled });

export const yearCountQuery = (session: StoredSession, year: number) =>
  keepOffline(
    queryOptions({
      queryKey: ['timetable-year', session.institute_id, session.student_id, year],
      queryFn: ({ signal }) => call(timetableEndpoints.yearCount, yearCountInput(session, year), { signal }),
      retry: false,
    }),
  );

export const useYearCount = (session: StoredSession, year: number, enabled: boolean) =>
  useQuery({ ...yearCountQuery(session, year), enabled });

/** Holiday markers: fetched for schools only (spec part 2 §6). */
export const holidaysQuery = (session: StoredSession, year: number, month: number) =>
  keepOffline(
    queryOptions({
      queryKey: ['timetable-holidays', session.institute_id, session.student_id, year, month],
      queryFn: ({ signal }) => call(eventsEndpoints.forTimetable, holidaysInput(session, year, month), { signal }),
      enabled: session.is_institute_type_school,
      retry: false,
    }),
  );

export const useHolidays = (session: StoredSession, year: number, month: number) =>
  useQuery(holidaysQuery(session, year, month));

/** The student's attendance in one batch over the academic year (the Attendance Details popup). */
export const useAttendance = (session: StoredSession, batchId: number | null) =>
  useQuery({
    queryKey: ['attendance', session.institute_id, session.student_id, batchId],
    queryFn: ({ signal }) =>
      call(
        timetableEndpoints.attendance,
        {
          params: { student_id: session.student_id!, batch_id: batchId! },
          body: {
            batch_id: batchId!,
            standard_id: -1,
            subject_id: -1,
            teacher_id: -1,
            type: 1,
            startdate: session.ay_start_date.slice(0, 10),
            enddate: session.ay_end_date.slice(0, 10),
            institute_id: session.institute_id,
            student_id: session.student_id!,
          },
        },
        { signal },
      ),
    enabled: batchId !== null && session.student_id !== null,
    retry: false,
  });

const feedParams = (session: StoredSession) => ({
  params: { institute_id: session.institute_id, student_id: session.student_id! },
});

export const feedStatusQuery = (session: StoredSession) =>
  queryOptions({
    queryKey: ['calendar-feed', session.institute_id, session.student_id],
    queryFn: ({ signal }) => call(timetableEndpoints.feedStatus, feedParams(session), { signal }),
    enabled: session.student_id !== null,
    retry: false,
  });

export const createFeed = (session: StoredSession) => call(timetableEndpoints.feedCreate, feedParams(session));
export const revokeFeed = (session: StoredSession) => call(timetableEndpoints.feedRevoke, feedParams(session));
