import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { greenfieldStudent, mockBranding, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const local = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const live = (id: number, name: string, day: number, hour: number) => ({
  session_id: id,
  session_name: name,
  course_list: [{ course_name: 'Class 10 - A' }],
  start_datetime: local(day, hour),
  end_datetime: local(day, hour + 1),
  teachersName: 'Ravi Kumar',
  t_photo_url: '',
  live_meeting_with: 'Zoom',
  session_link: '',
  download_links: [],
});

describe('Home: live classes of the next 7 days (spec part 1 §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(12));
    mockBranding();
    server.use(
      http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:id', () =>
        HttpResponse.json({ data: { result: [] } }),
      ),
      http.get('*/api/v1/banner-prom/for_student/:type', () =>
        HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: [], prom: null } }),
      ),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('asks for today to today + 6 and lists them under Today and day names', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/v1/meeting_manager/getMeetingV2/:id', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          statusCode: 200,
          message: '',
          upcomingLiveClasses: [
            live(1, 'Ended this morning', 21, 9),
            live(2, 'Algebra doubts', 21, 15),
            live(3, 'Guest lecture', 23, 10),
          ],
          view_proctur_live_recorded_session: 1,
          vimeo_video_downlodable: 1,
          proctur_live_view_or_download_visibility: 3,
        });
      }),
    );
    storeSession(greenfieldStudent());
    renderRoute('/dashboard');
    const section = await screen.findByRole('region', { name: 'Upcoming Live Classes' });
    expect(bodies[0]).toMatchObject({ live_future_past: 1, from_date: '21-11-2026', to_date: '27-11-2026' });
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Today.*Algebra doubts$/),
      expect.stringMatching(/^Monday.*Guest lecture$/),
    ]);
    expect(within(section).getByRole('link', { name: 'View All live classes' })).toHaveAttribute('href', '/live');
  });

  it('asks nothing where classes are offline only', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/meeting_manager/getMeetingV2/:id', () => {
        bodies.push(1);
        return HttpResponse.json({});
      }),
    );
    const session = greenfieldStudent();
    storeSession({ ...session, inst_set_up: { ...session.inst_set_up, classes: 'OFFLINE' } });
    renderRoute('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('region', { name: 'Upcoming Live Classes' })).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});
