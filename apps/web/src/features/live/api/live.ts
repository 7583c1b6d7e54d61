import { liveCategory, liveFuturePast } from '@campus/domain/live/live-rules';
import { liveEndpoints } from '@campus/domain/live/live.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';

/** `YYYY-MM-DD` as the list call sends dates: `DD-MM-YYYY`. */
const display = (iso: string) => iso.split('-').reverse().join('-');

export interface LiveWindow {
  past: boolean;
  from: string;
  /** null: upcoming without an end. */
  to: string | null;
}

/** POST /api/v1/meeting_manager/getMeetingV2/{institute_id} for one tab's window. */
export function getMeetings(session: StoredSession, window: LiveWindow, signal?: AbortSignal) {
  return call(
    liveEndpoints.meetings,
    {
      params: { institute_id: session.institute_id },
      body: {
        institution_id: session.institute_id,
        user_id: session.user_id,
        page_offset: 0,
        page_size: -1,
        live_future_past: window.past ? liveFuturePast.past : liveFuturePast.upcoming,
        category: liveCategory,
        from_date: display(window.from),
        to_date: window.to === null ? null : display(window.to),
      },
    },
    { signal },
  );
}

export const meetingsQuery = (session: StoredSession, window: LiveWindow) =>
  queryOptions({
    queryKey: ['live', session.institute_id, session.user_id, window],
    queryFn: ({ signal }) => getMeetings(session, window, signal),
    retry: false,
  });

export const useMeetings = (session: StoredSession, window: LiveWindow) => useQuery(meetingsQuery(session, window));

/** GET session/start: whether the class may start now (the server's clock), with its link when it may. */
export function startSession(session: StoredSession, sessionId: number, provider: string) {
  return call(liveEndpoints.sessionStart, {
    params: { instituteId: session.institute_id, sessionId },
    query: provider === 'Zoom' ? { isZoomLiveClass: '1' } : provider === 'Webex' ? { isWebexLiveClass: '1' } : {},
  });
}

/** GET recording/download?type=1: the short-lived address an aws recording plays (and seeks) from. */
export async function recordingAddress(session: StoredSession, downloadId: number): Promise<string> {
  const answer = (await call(liveEndpoints.recordingDownload, {
    params: { instituteId: session.institute_id, downloadId },
    query: { type: '1' },
  })) as { video_url: string };
  return answer.video_url;
}
