import { monthRange } from '@campus/domain/calendar/calendar';
import type { eventsEndpoints } from '@campus/domain/events/events.endpoints';
import { placeFromParam, timetableFlags, type MonthPlace } from '@campus/domain/timetable/timetable-rules';
import type { timetableEndpoints } from '@campus/domain/timetable/timetable.endpoints';
import type { InputOf } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

// The timetable's requests, free of the query layer: the route starts the first month's while the screen's code
// downloads, and the page's boot script sends it with the page (src/boot.ts), each the request the screen sends.

/** The session's academic year, the bounds of the month view. */
export const academicYearOf = (session: Pick<StoredSession, 'ay_start_date' | 'ay_end_date'>) => ({
  startDate: session.ay_start_date.slice(0, 10),
  endDate: session.ay_end_date.slice(0, 10),
});

/** The month view's place the screen opens on for its address (`?date=`, or today within the academic year). */
export const openingPlace = (session: StoredSession, address: URLSearchParams, today: string): MonthPlace =>
  placeFromParam(address.get('date'), today, academicYearOf(session));

/** Whether the address opens This Year (`?view=year`), which asks for no month until one is chosen. */
export const opensOnYear = (address: URLSearchParams) => address.get('view') === 'year';

/** Who the timetable is for: the student (own or a parent's child), or an open-course user. */
const viewer = (session: StoredSession) =>
  session.student_id === null ? { user_id: session.user_id } : { student_id: session.student_id };

/** POST /api/v2/timeTable/v3 for one month, with the flags the institute setup gives (spec part 2 §7). */
export function timetableInput(
  session: StoredSession,
  year: number,
  month: number,
): InputOf<typeof timetableEndpoints.timetable> {
  const { from, to } = monthRange(year, month);
  return {
    body: {
      batch_id: -1,
      course_id: -1,
      standard_id: -1,
      subject_id: -1,
      teacher_id: -1,
      master_course: '',
      startdate: from,
      enddate: to,
      institute_id: session.institute_id,
      ...viewer(session),
      ...timetableFlags(session.inst_set_up, session.course_structure_flag),
    },
  };
}

/** The year's month counts (This Year). */
export function yearCountInput(session: StoredSession, year: number): InputOf<typeof timetableEndpoints.yearCount> {
  return { body: { year, institute_id: session.institute_id, ...viewer(session) } };
}

/** A month's holiday markers (schools only, spec part 2 §6). */
export function holidaysInput(
  session: StoredSession,
  year: number,
  month: number,
): InputOf<typeof eventsEndpoints.forTimetable> {
  const { from, to } = monthRange(year, month);
  return {
    body: {
      institution_id: session.institute_id,
      year,
      ...(session.student_id === null ? {} : { student_id: session.student_id }),
      event_start_Date: from,
      event_end_date: to,
    },
  };
}
