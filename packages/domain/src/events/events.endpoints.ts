import { endpoint } from '../shared/endpoint.ts';
import type { eventsSchemas } from './events.contract.ts';

type Schemas = typeof eventsSchemas;

const ids = [
  { in: 'body', name: 'institution_id', kind: 'institute' },
  // Students and parents name the student they view; open-course users name none.
  { in: 'body', name: 'student_id', kind: 'student' },
] as const;

/** The event and holiday calendar (spec part 2 §2.6, §7 Events) and the timetable's holiday markers (§7 Timetable). */
export const eventsEndpoints = {
  detail: endpoint<Schemas['detail']>({
    id: 'events.detail',
    method: 'POST',
    path: '/api/v1/holiday_manager/getDetail',
    service: 'main',
    access: 'session',
    ids,
  }),
  forTimetable: endpoint<Schemas['forTimetable']>({
    id: 'events.forTimetable',
    method: 'POST',
    path: '/api/v1/holiday_manager/event_for_timetable',
    service: 'main',
    access: 'session',
    ids,
  }),
};
