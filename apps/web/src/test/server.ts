import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { alertChannels, alertKinds, defaultChannelOn } from '@campus/domain/alerts/alerts-rules';

/** The alert settings of an account that never changed them, as GET /api/v1/alerts/settings answers. */
export const defaultSettingsAnswer = (role: 'student' | 'parent') => ({
  kinds: alertKinds.map((kind) => ({
    kind,
    channels: Object.fromEntries(alertChannels.map((channel) => [channel, defaultChannelOn(kind, channel, role)])),
    urgent: false,
  })),
  quiet_start: '21:00',
  quiet_end: '07:00',
  digest: { sms: null, email: null, push: null },
  has_email: false,
  push_key: null as string | null,
});

/**
 * Mocked HTTP for screen tests; each test adds the handlers it needs with server.use(...). One default stays across
 * tests: home's live classes of the week and its Today answer none, the header's bell has no alerts and alert
 * settings are the defaults, so screens that land on home (or show the header, or the profile) need not mock them.
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
  http.get('*/api/v1/today', () => HttpResponse.json({ date: '21-11-2026', children: [] })),
  http.get('*/api/v1/alerts/bell', () => HttpResponse.json({ unread: 0, alerts: [] })),
  http.get('*/api/v1/alerts/settings', () => HttpResponse.json(defaultSettingsAnswer('student'))),
);
