import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Mocked HTTP for screen tests; each test adds the handlers it needs with server.use(...). One default stays across
 * tests: home's live classes of the week answer none, and the header's bell has no alerts, so screens that land on
 * home (or show the header) need not mock them.
 */
export const server = setupServer(
  http.post('*/api/v1/meeting_manager/getMeetingV2/:id', () =>
    HttpResponse.json({
      statusCode: 200,
      message: '',
      upcomingLiveClasses: [],
      view_proctur_live_recorded_session: 1,
      vimeo_video_downlodable: 1,
      proctur_live_view_or_download_visibility: 3,
    }),
  ),
  http.get('*/api/v1/alerts/bell', () => HttpResponse.json({ unread: 0, alerts: [] })),
);
