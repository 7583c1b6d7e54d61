import { endpoint } from '../shared/endpoint.ts';
import type { liveSchemas } from './live.contract.ts';

type Schemas = typeof liveSchemas;

/** Live classes (spec part 1 §2 Live classes, §7 meeting_manager calls). */
export const liveEndpoints = {
  meetings: endpoint<Schemas['meetings']>({
    id: 'live.meetings',
    method: 'POST',
    path: '/api/v1/meeting_manager/getMeetingV2/:institute_id',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'params', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'institution_id', kind: 'institute' },
      // The user whose classes are listed: the student, or a parent's selected child.
      { in: 'body', name: 'user_id', kind: 'user' },
    ],
  }),
  sessionStart: endpoint<Schemas['sessionStart']>({
    id: 'live.sessionStart',
    method: 'GET',
    path: '/api/v1/meeting_manager/session/start/:instituteId/:sessionId',
    service: 'main',
    // Parents may not join (spec part 1 §6).
    access: 'student',
    parentMessage: 'Parents are not allowed to join.',
    ids: [
      { in: 'params', name: 'instituteId', kind: 'institute' },
      { in: 'params', name: 'sessionId', kind: 'classSession' },
    ],
  }),
  recordingDownload: endpoint<Schemas['recordingDownload']>({
    id: 'live.recordingDownload',
    method: 'GET',
    path: '/api/v1/meeting_manager/recording/download/:instituteId/:downloadId',
    service: 'main',
    access: 'session',
    answerType: 'file',
    ids: [
      { in: 'params', name: 'instituteId', kind: 'institute' },
      { in: 'params', name: 'downloadId', kind: 'recording' },
    ],
  }),
};
