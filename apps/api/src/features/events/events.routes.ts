import { monthRange, yearRange, type IsoDate } from '@campus/domain/calendar/calendar';
import { eventsContract, type EventItem, type EventsByDay } from '@campus/domain/events/events.contract';
import {
  eventDateLabel,
  eventDateRange,
  formatEventTime,
  groupByDay,
  isMyEvent,
} from '@campus/domain/events/events-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import type { RequestScope } from '../../access/scope.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { findEventsOverlapping, findStandardIdsOfBatches, type EventRow } from './events.repository.ts';

/** Signed document addresses live as long as the calendar page is likely to stay open. */
const documentUrlLifetimeMs = 60 * 60 * 1000;

/** The event and holiday calendar (spec part 2 §2.6) and the timetable's holiday markers; schools only. */
export async function eventsRoutes(app: FastifyInstance) {
  /**
   * The events of `from`–`to` by day. Coaching institutes get an empty object: the spec fetches holiday data only
   * for schools (§6), so there is nothing to answer rather than something to refuse.
   */
  async function eventsByDay(
    scope: RequestScope,
    from: IsoDate,
    to: IsoDate,
    { onlyMine, eventType }: { onlyMine: boolean; eventType: number },
  ): Promise<EventsByDay> {
    const { instituteId, studentId } = scope.session;
    if (!(await scope.settings()).isSchool) return {};
    const [rows, standardIds] = await Promise.all([
      findEventsOverlapping(app.db, instituteId, from, to),
      // Open-course users view no student: only events for every standard are theirs.
      onlyMine && studentId !== null
        ? scope.batchIds().then((batchIds) => findStandardIdsOfBatches(app.db, instituteId, batchIds))
        : Promise.resolve([]),
    ]);
    const shown = rows.filter(
      (row) => (eventType === 0 || row.eventType === eventType) && (!onlyMine || isMyEvent(row, standardIds)),
    );
    const expiresAt = app.now().getTime() + documentUrlLifetimeMs;
    return groupByDay(shown, from, to, (row) => toItem(row, instituteId, expiresAt));
  }

  function toItem(row: EventRow, instituteId: number, expiresAt: number): EventItem {
    return {
      event_type: row.eventType,
      holiday_type: row.holidayType,
      title_name: row.title,
      document_url: row.documentFileKey
        ? fileUrl(app.signer, {
            instituteId,
            key: row.documentFileKey,
            name: row.documentName ?? `${row.title}.pdf`,
            type: mimeForKey(row.documentFileKey),
            disposition: 'attachment',
            expiresAt,
          })
        : '',
      event_start_Date: eventDateLabel(row.startDate),
      event_end_date: eventDateLabel(row.endDate),
      event_date_range: eventDateRange(row.startDate, row.endDate),
      is_all_day_event: row.isAllDay,
      event_start_time: formatEventTime(row.startTime),
      event_end_time: formatEventTime(row.endTime),
      standardNamesList: row.standardNames,
      userTypeList: row.userTypes,
      holiday_desc: row.description,
      dayOfWeekList: row.daysOfWeek,
    };
  }

  defineRoute(app, eventsContract.detail, async ({ scope, body }) => {
    const { from, to } = body.is_yearly_view ? yearRange(body.year) : monthRange(body.year, body.month);
    return eventsByDay(scope, from, to, { onlyMine: !body.is_all_event_for_student, eventType: body.event_type });
  });

  defineRoute(app, eventsContract.forTimetable, async ({ scope, body }) =>
    // Holiday markers are for the student's calendar: the same 'My Event' choice as the event calendar's default.
    eventsByDay(scope, body.event_start_Date, body.event_end_date, { onlyMine: true, eventType: 0 }),
  );
}
