import type { LiveSession } from '@campus/domain/live/live.contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

function item(overrides: Partial<LiveSession>): LiveSession {
  return {
    session_id: 1,
    session_name: 'Algebra doubts',
    course_list: [{ course_name: 'Class 10 - A' }],
    start_datetime: local(21, 11, 45),
    end_datetime: local(21, 12, 45),
    teachersName: 'Ravi Kumar, Meena Shah',
    t_photo_url: '/api/v1/files/ravi,',
    live_meeting_with: 'Zoom',
    session_link: '',
    download_links: [],
    ...overrides,
  };
}

const recording = {
  download_id: 91,
  video_host: 'aws' as const,
  video_id: '',
  vimeo_video_id: '',
  view_list_session_name: 'Light (part 1)',
  session_name: 'Light',
  recording_date_time: local(18, 10),
  video_duration: '00:00:12',
  duration: 12,
  video_size: '0.09',
  recording_uploaded_on: local(18, 11),
};

const lists = {
  today: [
    item({}),
    item({
      session_id: 2,
      session_name: 'Organic chemistry reaction mechanisms made simple',
      start_datetime: local(21, 14),
      end_datetime: local(21, 15),
      live_meeting_with: 'Webex',
    }),
  ],
  upcoming: [
    item({ session_id: 3, session_name: 'Guest lecture', start_datetime: local(23, 10), end_datetime: local(23, 11) }),
  ],
  past: [
    item({
      session_id: 4,
      session_name: 'Light',
      start_datetime: local(18, 10),
      end_datetime: local(18, 11),
      teachersName: 'Kavita Menon',
      download_links: [
        recording,
        {
          ...recording,
          download_id: 92,
          video_host: 'vimeo',
          vimeo_video_id: '7697',
          view_list_session_name: 'Light (part 2)',
        },
        {
          ...recording,
          download_id: 93,
          video_host: 'vdocipher',
          video_id: 'vdo-light-3',
          view_list_session_name: 'Light (part 3)',
        },
      ],
    }),
    item({
      session_id: 5,
      session_name: 'Grammar clinic',
      start_datetime: local(12, 10),
      end_datetime: local(12, 11),
      teachersName: 'Anita Desai',
    }),
  ],
};

function mockLive({ vimeoDownloadable = 1 } = {}) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/v1/meeting_manager/getMeetingV2/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const flags = {
        view_proctur_live_recorded_session: 1,
        vimeo_video_downlodable: vimeoDownloadable,
        proctur_live_view_or_download_visibility: 3,
      };
      if (body.live_future_past === 2)
        return HttpResponse.json({ statusCode: 200, message: '', pastLiveClasses: lists.past, ...flags });
      const list = body.from_date === '21-11-2026' ? lists.today : lists.upcoming;
      return HttpResponse.json({ statusCode: 200, message: '', upcomingLiveClasses: list, ...flags });
    }),
  );
  return bodies;
}

async function openLive(session = greenfieldStudent()) {
  storeSession(session);
  const view = renderRoute('/live');
  await screen.findByRole('heading', { level: 1, name: 'Live Classes' });
  return view;
}

describe('Live classes (spec part 1 §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(12));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  it("opens on Today's Classes grouped under Today, with every card field, Ongoing and a countdown", async () => {
    const bodies = mockLive();
    await openLive();
    const today = await screen.findByRole('region', { name: 'Today 21-11-2026' });
    expect(bodies[0]).toMatchObject({
      institution_id: 1,
      user_id: 101,
      page_offset: 0,
      page_size: -1,
      live_future_past: 1,
      category: 3,
      from_date: '21-11-2026',
      to_date: '21-11-2026',
    });
    const ongoing = within(today).getByRole('article', { name: 'Algebra doubts' });
    expect(ongoing).toHaveTextContent('Ongoing');
    expect(ongoing).toHaveTextContent('11:45 AM - 12:45 PM · 60 mins');
    expect(ongoing).toHaveTextContent('Section: Class 10 - A');
    expect(ongoing).toHaveTextContent('Ravi Kumar, Meena Shah');
    expect(within(ongoing).getByRole('img', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(within(ongoing).queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
    const later = within(today).getByRole('article', { name: 'Organic chemistry reaction mechanisms made simple' });
    // Cut at 30 characters.
    expect(later).toHaveTextContent('Organic chemistry reaction mec...');
    expect(later).toHaveTextContent('Starts in 2h 00m');
  });

  it('labels the batch for coaching institutes', async () => {
    mockLive();
    await openLive(apexStudent());
    const card = await screen.findByRole('article', { name: 'Algebra doubts' });
    expect(card).toHaveTextContent('Batch Name: Class 10 - A');
  });

  it('refuses Join before the start and for parents, with the spec messages', async () => {
    mockLive();
    await openLive();
    const later = await screen.findByRole('article', { name: 'Organic chemistry reaction mechanisms made simple' });
    fireEvent.click(within(later).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Grab a cup of Coffee. Class is not yet started.')).toBeInTheDocument();
  });

  it("tells a parent 'Parents are not allowed to join.'", async () => {
    mockLive();
    await openLive(greenfieldParent());
    const ongoing = await screen.findByRole('article', { name: 'Algebra doubts' });
    fireEvent.click(within(ongoing).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Parents are not allowed to join.')).toBeInTheDocument();
  });

  it('joins through session/start and opens the link; an early start answers the alert', async () => {
    mockLive();
    const open = vi.spyOn(globalThis, 'open').mockReturnValue(null);
    let allow = true;
    const urls: string[] = [];
    server.use(
      http.get('*/api/v1/meeting_manager/session/start/:i/:s', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({
          statusCode: 200,
          message: allow
            ? ''
            : 'You cannot start the class as the classes can only be started after the scheduled time.',
          result: { allow_start_session: allow, session_link: allow ? 'https://meet.example.com/a' : '' },
        });
      }),
    );
    await openLive();
    const ongoing = await screen.findByRole('article', { name: 'Algebra doubts' });
    fireEvent.click(within(ongoing).getByRole('button', { name: 'Join' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://meet.example.com/a', '_blank', 'noopener'));
    expect(urls[0]).toMatch(/\/session\/start\/1\/1\?isZoomLiveClass=1$/);
    allow = false;
    fireEvent.click(within(ongoing).getByRole('button', { name: 'Join' }));
    expect(
      await screen.findByText(
        'You cannot start the class as the classes can only be started after the scheduled time.',
      ),
    ).toBeInTheDocument();
    open.mockRestore();
  });

  it('groups upcoming classes by day name and past ones with a count, search and View', async () => {
    const bodies = mockLive();
    await openLive();
    await screen.findByRole('region', { name: 'Today 21-11-2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Upcoming Classes' }));
    expect(await screen.findByRole('region', { name: 'Monday 23-11-2026' })).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ live_future_past: 1, from_date: '22-11-2026', to_date: null });

    fireEvent.click(screen.getByRole('tab', { name: 'Past Classes' }));
    expect(await screen.findByText('2 past classes found')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ live_future_past: 2, from_date: '01-11-2026', to_date: '21-11-2026' });
    expect(screen.getByRole('region', { name: 'Wednesday 18-11-2026' })).toBeInTheDocument();
    const grammar = screen.getByRole('article', { name: 'Grammar clinic' });
    expect(within(grammar).queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
    expect(within(grammar).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'KAVITA' } });
    expect(await screen.findByText('1 past classes found')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No Classes Available')).toBeInTheDocument();
  });

  it('lists recordings in View Recording and plays an aws one in a seekable video', async () => {
    mockLive();
    server.use(
      http.get('*/api/v1/meeting_manager/recording/download/:i/:d', ({ request }) =>
        new URL(request.url).searchParams.get('type') === '1'
          ? HttpResponse.json({ video_url: '/api/v1/files/signed-video' })
          : new HttpResponse(null, { status: 400 }),
      ),
    );
    await openLive();
    await screen.findByRole('region', { name: 'Today 21-11-2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Past Classes' }));
    const light = await screen.findByRole('article', { name: 'Light' });
    fireEvent.click(within(light).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'View Recording' });
    expect(within(dialog).getByText('Light (part 1)')).toBeInTheDocument();
    expect(within(dialog).getAllByText('00:00:12')).toHaveLength(3);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play Light (part 1)' }));
    const video = await screen.findByLabelText('Recording Light (part 1)');
    expect(video).toHaveAttribute('src', '/api/v1/files/signed-video');
    expect(video).toHaveAttribute('controls');
  });

  it('plays a vimeo recording in the shared viewer, counting the play, and offers its download links', async () => {
    mockLive();
    const watched: unknown[] = [];
    server.use(
      http.put('*/api/v1/instFileSystem/update-watch-count', async ({ request }) => {
        watched.push(await request.json());
        return HttpResponse.json({ status: 'success', message: 'success' });
      }),
      http.get('*/prod/vimeo/download-links/:id', ({ params, request }) =>
        params.id === '7697' && request.headers.get('x-prod-inst-id')
          ? HttpResponse.json({ result: [] })
          : new HttpResponse(null, { status: 404 }),
      ),
    );
    await openLive();
    await screen.findByRole('region', { name: 'Today 21-11-2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Past Classes' }));
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Light' })).getByRole('button', { name: 'View' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'View Recording' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play Light (part 2)' }));
    const player = await screen.findByTitle('Light (part 2)');
    expect(player).toHaveAttribute('src', 'https://player.vimeo.com/video/7697');
    expect(player.closest('[data-viewer-type]')).toHaveAttribute('data-viewer-type', 'vimeo');
    await vi.waitFor(() =>
      expect(watched).toEqual([{ video_id: '7697', institute_id: greenfieldStudent().institute_id }]),
    );
    expect(
      screen.queryByText('Not able to downlode video file. please contact institute admin.'),
    ).not.toBeInTheDocument();

    // Closing the player comes back to the list; Download opens the Vimeo download modal.
    fireEvent.keyDown(player, { key: 'Escape' });
    dialog = await screen.findByRole('dialog', { name: 'View Recording' });
    await vi.waitFor(() => expect(screen.queryByTitle('Light (part 2)')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download Light (part 2)' }));
    const links = await screen.findByRole('dialog', { name: 'Download Video' });
    expect(await within(links).findByText('No Download Link Found')).toBeInTheDocument();
  });

  it('offers no download of a vimeo recording when the institute’s switch is off (vimeo_video_downlodable 0)', async () => {
    mockLive({ vimeoDownloadable: 0 });
    await openLive();
    await screen.findByRole('region', { name: 'Today 21-11-2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Past Classes' }));
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Light' })).getByRole('button', { name: 'View' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'View Recording' });
    expect(within(dialog).getByRole('button', { name: 'Play Light (part 2)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download Light (part 2)' })).not.toBeInTheDocument();
    // The aws recording is a file of the institute's own: its download stays.
    expect(within(dialog).getByRole('button', { name: 'Download Light (part 1)' })).toBeInTheDocument();
  });

  it('plays a vdocipher recording with its OTP and records the watch time when the player closes', async () => {
    mockLive();
    const history: { video_id: string; watch_duration: number }[] = [];
    const otpBodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/instFileSystem/videoOTP', async ({ request }) => {
        otpBodies.push(await request.json());
        return HttpResponse.json({ otp: 'otp-1', playbackInfo: 'info-1', message: 'success', status: 'success' });
      }),
      http.post('*/api/v1/instFileSystem/allocateWatchHistory', async ({ request }) => {
        history.push((await request.json()) as { video_id: string; watch_duration: number });
        return HttpResponse.json({ status: 'success', message: 'success' });
      }),
    );
    await openLive();
    await screen.findByRole('region', { name: 'Today 21-11-2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Past Classes' }));
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Light' })).getByRole('button', { name: 'View' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'View Recording' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play Light (part 3)' }));
    const player = await screen.findByTitle('Light (part 3)');
    expect(player).toHaveAttribute('src', 'https://player.vdocipher.com/v2/?otp=otp-1&playbackInfo=info-1');
    expect(otpBodies).toEqual([expect.objectContaining({ videoID: 'vdo-light-3' })]);
    expect(history).toEqual([]);
    fireEvent.keyDown(player, { key: 'Escape' });
    await vi.waitFor(() => expect(history).toEqual([{ video_id: 'vdo-light-3', watch_duration: expect.any(Number) }]));
    // VdoCipher recordings are never downloadable.
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'View Recording' })).getByRole('button', {
        name: 'Download Light (part 3)',
      }),
    );
    expect(await screen.findByText('No Download Link Found')).toBeInTheDocument();
  });

  it('refuses a past range starting after today with the spec message', async () => {
    mockLive();
    await openLive();
    await screen.findByRole('region', { name: 'Today 21-11-2026' });
    fireEvent.click(screen.getByRole('tab', { name: 'Past Classes' }));
    fireEvent.click(await screen.findByRole('button', { name: '01-11-2026 to 21-11-2026' }));
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByText('Apply'));
    expect(
      await screen.findByText('Start Date Should Be Less Then Or Equal To  Current Date .', {
        normalizer: (text) => text,
      }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('Cancel'));
  });
});
