import { endpoint } from '../shared/endpoint.ts';
import type { timetableSchemas } from './timetable.contract.ts';

type Schemas = typeof timetableSchemas;

const viewer = [
  { in: 'body', name: 'institute_id', kind: 'institute' },
  // Students and parents name the student; open-course users name none (their user_id is accepted and unused:
  // the session says whose timetable it is, and they are in no batch).
  { in: 'body', name: 'student_id', kind: 'student' },
] as const;

const feedIds = [
  { in: 'params', name: 'institute_id', kind: 'institute' },
  { in: 'params', name: 'student_id', kind: 'student' },
] as const;

/** The timetable, attendance and the personal calendar feed (spec part 2 §2.2, §7 Timetable and attendance). */
export const timetableEndpoints = {
  timetable: endpoint<Schemas['timetable']>({
    id: 'timetable.timetable',
    method: 'POST',
    path: '/api/v2/timeTable/v3',
    service: 'main',
    access: 'session',
    ids: viewer,
    readOnly: true,
  }),
  yearCount: endpoint<Schemas['yearCount']>({
    id: 'timetable.yearCount',
    method: 'POST',
    path: '/api/v2/timeTable/year-count',
    service: 'main',
    access: 'session',
    ids: viewer,
  }),
  attendance: endpoint<Schemas['attendance']>({
    id: 'timetable.attendance',
    method: 'POST',
    path: '/api/v1/reports/Student/attendance/:student_id/:batch_id',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'student_id', kind: 'student' },
      { in: 'params', name: 'batch_id', kind: 'batch' },
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'student_id', kind: 'student' },
      { in: 'body', name: 'batch_id', kind: 'batch' },
    ],
  }),
  feedStatus: endpoint<Schemas['feedStatus']>({
    id: 'timetable.feedStatus',
    method: 'GET',
    path: '/api/v1/timeTable/calendar-feed/:institute_id/:student_id',
    service: 'main',
    access: 'session',
    ids: feedIds,
  }),
  feedCreate: endpoint<Schemas['feedCreate']>({
    id: 'timetable.feedCreate',
    method: 'POST',
    path: '/api/v1/timeTable/calendar-feed/:institute_id/:student_id',
    service: 'main',
    access: 'session',
    ids: feedIds,
  }),
  feedRevoke: endpoint<Schemas['feedRevoke']>({
    id: 'timetable.feedRevoke',
    method: 'DELETE',
    path: '/api/v1/timeTable/calendar-feed/:institute_id/:student_id',
    service: 'main',
    access: 'session',
    ids: feedIds,
  }),
  /** The ICS feed a phone's calendar subscribes to: the secret in the address is the grant. */
  feed: endpoint<Schemas['feed']>({
    id: 'timetable.feed',
    method: 'GET',
    path: '/api/v1/timeTable/ics/:secret/calendar.ics',
    service: 'main',
    access: 'signed',
    ids: [],
  }),
};
