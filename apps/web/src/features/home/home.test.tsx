import type { Session } from '@campus/domain/auth/auth.contract';
import type { Banner } from '@campus/domain/home/home-rules';
import type { Announcement } from '@campus/domain/home/home.contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  mockLogout,
  storeSession,
  testDay,
} from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const notice = (index: number, overrides: Partial<Announcement> = {}): Announcement => ({
  ancmnt_title: `Notice ${index}`,
  description: `<p>Details of notice ${index}</p>`,
  updated_by: 'Principal Office',
  updated_date: `${String(20 - index).padStart(2, '0')}-11-2026 0${index}:15 PM`,
  announced_date: `${String(20 - index).padStart(2, '0')}-11-2026`,
  announced_time: '09:00 AM',
  batch_sec_names: 'Class 8 A, Class 8 B',
  announcement_img_url: '',
  file_name: '',
  file_url: '',
  ...overrides,
});

const fiveNotices = [
  notice(1, {
    ancmnt_title: 'Annual Sports Day',
    announcement_img_url: '/api/v1/files/signed-image',
    file_name: 'sports-day.pdf',
    file_url: '/api/v1/files/signed-file',
  }),
  notice(2),
  notice(3),
  notice(4, { ancmnt_title: 'Science Fair', updated_date: '16-11-2026 04:35 PM' }),
  notice(5),
];

const banners: Banner[] = [
  {
    web_url: '/my-account/demo/banner-1.svg',
    is_redir: true,
    red_link: 'https://greenfield.example/admissions',
    land_scr: '',
    alt_text: 'Admissions open for 2027-28',
  },
  { web_url: '/my-account/demo/banner-2.svg', is_redir: false, red_link: '', land_scr: 'TIME TABLE', alt_text: '' },
];

interface HomeMock {
  announcements?: Announcement[];
  announcementStatus?: number;
  banners?: Banner[];
  promo?: string | null;
}

/** Answers the home calls; returns what each received. */
function mockHome({
  announcements = fiveNotices,
  announcementStatus = 200,
  banners: shown = banners,
  promo = null,
  overdue = false,
}: HomeMock & { overdue?: boolean } = {}) {
  const calls = { announcements: [] as URL[], banners: [] as URL[], fees: [] as URL[] };
  server.use(
    http.get('*/api/v1/studentWise/fee/:instituteId/students/:studentId/:yearId', ({ request }) => {
      calls.fees.push(new URL(request.url));
      const installment = {
        install_no: 2,
        d_date: '2026-10-10',
        stnd_n: 'Class 6',
        c_n: null,
        t_amount: 1_500_000,
        d_amount: 700_000,
        balance_fine: 50_000,
        p_status: 'N',
        p_amount: 800_000,
        bad_debt_amount: 0,
        initial_amount: 1_500_000,
        tax_amount: 0,
        disc_amount: 0,
        fine_amount: 50_000,
        is_overdue: overdue,
      };
      return HttpResponse.json({
        statusCode: 200,
        message: 'success',
        result: {
          total_fee_amount: 1_550_000,
          total_paid_amount: 800_000,
          total_unpaid_amount: 750_000,
          is_fine_configured: true,
          p_install_li: [],
          a_install_li: [installment],
        },
      });
    }),
    http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId', ({ request }) => {
      calls.announcements.push(new URL(request.url));
      return announcementStatus === 200
        ? HttpResponse.json({ data: { result: announcements } })
        : HttpResponse.json({ code: 'BAD', message: 'Your session is not valid.' }, { status: announcementStatus });
    }),
    http.get('*/api/v1/banner-prom/for_student/:userType', ({ request }) => {
      calls.banners.push(new URL(request.url));
      return HttpResponse.json({
        statusCode: 200,
        message: 'success',
        result: { banner: shown, prom: promo ? { web_url: promo } : null },
      });
    }),
  );
  return calls;
}

async function openHome(session: Session, path = '/dashboard') {
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('navigation', { name: 'Main menu' });
  return view;
}

const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('home', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => vi.useRealTimers());

  describe('clocks and greeting (spec part 1 §1)', () => {
    it('greets the student, shows the date, the weekday line and clocks that tick every second', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      vi.setSystemTime(testDay(9));
      mockHome();
      await openHome(greenfieldStudent());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Morning, Aarav Sharma');
      expect(screen.getByText('21-11-2026')).toBeInTheDocument();
      // 21 November 2026 is a Saturday.
      expect(
        screen.getByText('Explore something new today; curiosity is the best teacher you will ever have.'),
      ).toBeInTheDocument();
      expect(screen.getByText('09:00:00 AM')).toBeInTheDocument();
      const clock = screen.getByRole('img', { name: 'Analog clock showing 09:00 AM' });
      const secondHand = () => clock.querySelector('[data-hand="second"]')?.getAttribute('transform');
      expect(secondHand()).toBe('rotate(0 60 60)');

      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByText('09:00:01 AM')).toBeInTheDocument();
      expect(secondHand()).toBe('rotate(6 60 60)');

      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('09:01:01 AM')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Analog clock showing 09:01 AM' })).toBeInTheDocument();
    });

    it('greets a parent by the parent’s name', async () => {
      vi.setSystemTime(testDay(18));
      mockHome();
      await openHome(greenfieldParent());
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Evening, Rajesh Sharma');
    });
  });

  describe('overdue fees banner (issue 16)', () => {
    it('warns a parent whose child has overdue fees, with a link to the fees screen', async () => {
      const calls = mockHome({ overdue: true });
      await openHome(greenfieldParent());
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent('Fees overdue');
      expect(banner).toHaveTextContent('Rs 7,500 of fees is overdue. Please pay it to avoid further fines.');
      expect(within(banner).getByRole('link', { name: 'View fees' })).toHaveAttribute('href', '/fees');
      expect(calls.fees[0]!.pathname).toBe('/api/v1/studentWise/fee/1/students/5001/4');
    });

    it('shows nothing when nothing is overdue', async () => {
      const calls = mockHome({ overdue: false });
      await openHome(greenfieldParent());
      await waitFor(() => expect(calls.fees).toHaveLength(1));
      expect(screen.queryByText('Fees overdue')).not.toBeInTheDocument();
    });

    it('does not ask for a student’s own fees on home', async () => {
      const calls = mockHome({ overdue: true });
      await openHome(greenfieldStudent());
      await screen.findByText('Annual Sports Day');
      expect(calls.fees).toHaveLength(0);
      expect(screen.queryByText('Fees overdue')).not.toBeInTheDocument();
    });
  });

  describe('requests', () => {
    it('asks for banners and announcements in one round, with the student id', async () => {
      const started: string[] = [];
      let releaseBoth: () => void = () => undefined;
      const bothStarted = new Promise<void>((resolve) => (releaseBoth = resolve));
      const arrive = async (name: string) => {
        started.push(name);
        if (started.length === 2) releaseBoth();
        // Neither answers before the other was asked: a waterfall would never get here.
        await Promise.race([bothStarted, new Promise((resolve) => setTimeout(resolve, 2000))]);
      };
      const urls: URL[] = [];
      server.use(
        http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:id', async ({ request }) => {
          urls.push(new URL(request.url));
          await arrive('announcements');
          return HttpResponse.json({ data: { result: fiveNotices } });
        }),
        http.get('*/api/v1/banner-prom/for_student/:userType', async ({ request }) => {
          urls.push(new URL(request.url));
          await arrive('banners');
          return HttpResponse.json({ statusCode: 200, message: 'success', result: { banner: banners, prom: null } });
        }),
      );
      await openHome(greenfieldStudent());
      expect(await screen.findByText('Annual Sports Day')).toBeInTheDocument();
      expect(started.sort()).toEqual(['announcements', 'banners']);
      const [announcementUrl] = urls.filter((url) => url.pathname.includes('fetchAnnouncementForStudent'));
      expect(announcementUrl?.pathname).toBe('/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/1');
      expect(Object.fromEntries(announcementUrl!.searchParams)).toEqual({ is_active: 'true', student_id: '5001' });
      expect(urls.find((url) => url.pathname.startsWith('/api/v1/banner-prom'))?.pathname).toBe(
        '/api/v1/banner-prom/for_student/1',
      );
    });

    it('names no student for an open-course user', async () => {
      const calls = mockHome();
      await openHome(apexStudent({ user_type: 99, student_id: null, stud_id: null }));
      await waitFor(() => expect(calls.announcements).toHaveLength(1));
      expect(Object.fromEntries(calls.announcements[0]!.searchParams)).toEqual({ is_active: 'true' });
    });
  });

  describe('announcements (spec part 1 §2)', () => {
    it('shows the first 3 under NOTICE BOARD for a school, then all of them with View All', async () => {
      mockHome();
      const { router } = await openHome(greenfieldStudent());
      // The list takes its place once the parts above it have theirs (no layout shift as they arrive).
      expect(await screen.findByRole('heading', { level: 2, name: 'NOTICE BOARD' })).toBeInTheDocument();
      await screen.findByText('Annual Sports Day');
      expect(cardTitles()).toEqual(['Annual Sports Day', 'Notice 2', 'Notice 3']);

      await userEvent.click(screen.getByRole('link', { name: 'View All' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Notice Board' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Morning, Aarav Sharma');
      expect(router.state.location.pathname).toBe('/announcement');
      expect(cardTitles()).toEqual(['Annual Sports Day', 'Notice 2', 'Notice 3', 'Science Fair', 'Notice 5']);
    });

    it('shows each announcement’s details, image and attached file', async () => {
      mockHome();
      await openHome(greenfieldStudent());
      const card = (await screen.findByText('Annual Sports Day')).closest('article')!;
      expect(within(card as HTMLElement).getByText('Details of notice 1')).toBeInTheDocument();
      expect(within(card as HTMLElement).getByText('Class 8 A, Class 8 B')).toBeInTheDocument();
      expect(card).toHaveTextContent('By Principal Office · Updated 19-11-2026 01:15 PM');
      expect(card).toHaveTextContent('Announced 19-11-2026 09:00 AM');
      expect(within(card as HTMLElement).getByRole('img', { name: 'Annual Sports Day' })).toHaveAttribute(
        'src',
        '/api/v1/files/signed-image',
      );
      const file = within(card as HTMLElement).getByRole('link', { name: 'Attachment: sports-day.pdf' });
      expect(file).toHaveAttribute('href', '/api/v1/files/signed-file');
      expect(file).toHaveAttribute('target', '_blank');
    });

    it('finds an announcement on the full list by the 12-hour time of its update', async () => {
      mockHome();
      await openHome(greenfieldStudent(), '/announcement');
      await screen.findByText('Science Fair');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '04:35 PM');
      await waitFor(() => expect(cardTitles()).toEqual(['Science Fair']));
      await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like this');
      expect(await screen.findByText('No Record found !')).toBeInTheDocument();
    });

    it('reads ANNOUNCEMENT and Announcement for a coaching institute', async () => {
      mockHome();
      await openHome(apexStudent());
      expect(await screen.findByRole('heading', { level: 2, name: 'ANNOUNCEMENT' })).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('link', { name: 'View All' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Announcement' })).toBeInTheDocument();
    });

    it('says No Record found ! when there is none', async () => {
      mockHome({ announcements: [] });
      await openHome(greenfieldStudent());
      expect(await screen.findByText('No Record found !')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    });

    it('lays out the notice’s formatting as the server sent it', async () => {
      const formatted = notice(1, {
        ancmnt_title: 'Formatted notice',
        description: '<p>Read <b>this</b></p><ul><li>First point</li></ul><img alt="" src="https://cdn.test/x.png" />',
      });
      mockHome({ announcements: [formatted] });
      await openHome(greenfieldStudent());
      const card = (await screen.findByText('Formatted notice')).closest('article') as HTMLElement;
      expect(within(card).getByText('this').tagName).toBe('B');
      expect(within(card).getByRole('listitem')).toHaveTextContent('First point');
      // A picture inside a notice is decorative.
      expect(card.querySelector('img[src="https://cdn.test/x.png"]')).toHaveAttribute('alt', '');
    });

    it('stays silent when the announcements fail, and keeps the user signed in', async () => {
      mockHome({ announcementStatus: 500 });
      await openHome(greenfieldStudent());
      expect(await screen.findByText('No Record found !')).toBeInTheDocument();
      expect(screen.queryByText('Your session is not valid.')).not.toBeInTheDocument();
      expect(getSession()).not.toBeNull();
    });

    it('logs out with the server’s message when the announcements answer 400', async () => {
      mockHome({ announcementStatus: 400 });
      const logoutCalls = mockLogout();
      const { router } = await openHome(greenfieldStudent());
      expect(await screen.findByRole('dialog', { name: 'Alert' })).toHaveTextContent('Your session is not valid.');
      expect(router.state.location.pathname).toBe('/');
      expect(getSession()).toBeNull();
      expect(logoutCalls).toHaveLength(1);
    });
  });

  describe('banners and promo (spec part 1 §2)', () => {
    it('links a redirecting banner out in a new tab and lands another on its screen', async () => {
      mockHome();
      const { router } = await openHome(greenfieldStudent());
      const region = await screen.findByRole('region', { name: 'Banners' });
      // Named by what the banner says (defect 8); by its position only when it has no words.
      const out = within(region).getByRole('link', { name: 'Admissions open for 2027-28 (opens in a new tab)' });
      expect(out).toHaveAttribute('href', 'https://greenfield.example/admissions');
      expect(out).toHaveAttribute('target', '_blank');
      expect(out).toHaveAttribute('rel', 'noopener noreferrer');
      await userEvent.click(within(region).getByRole('link', { name: 'Banner 2 of 2' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/timetable'));
    });

    /** The window as wide as a phone (390 px) or a laptop, for the media queries the screen asks. */
    const viewport = (isWide: boolean) =>
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: isWide && query.includes('min-width'),
            media: query,
            onchange: null,
            addListener: () => undefined,
            removeListener: () => undefined,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
            dispatchEvent: () => false,
          }) as MediaQueryList,
      );

    it('has no arrows over the banner on a phone, where it swipes (defect 8)', async () => {
      const phone = viewport(false);
      mockHome();
      await openHome(greenfieldStudent());
      const region = await screen.findByRole('region', { name: 'Banners' });
      expect(within(region).queryByRole('button', { name: 'Previous banner' })).not.toBeInTheDocument();
      phone.mockRestore();
    });

    it('has arrows on a wide screen', async () => {
      const wide = viewport(true);
      mockHome();
      await openHome(greenfieldStudent());
      const region = await screen.findByRole('region', { name: 'Banners' });
      expect(await within(region).findByRole('button', { name: 'Previous banner' })).toBeInTheDocument();
      wide.mockRestore();
    });

    it('uses at most 5 banners', async () => {
      const many = Array.from({ length: 7 }, (_, index) => ({
        web_url: `/my-account/demo/banner-${index + 1}.svg`,
        is_redir: false,
        red_link: '',
        land_scr: '',
        alt_text: '',
      }));
      mockHome({ banners: many });
      await openHome(greenfieldStudent());
      const region = await screen.findByRole('region', { name: 'Banners' });
      expect(
        within(region)
          .getAllByRole('img')
          .map((image) => image.getAttribute('alt')),
      ).toEqual(['Banner 1 of 5', 'Banner 2 of 5', 'Banner 3 of 5', 'Banner 4 of 5', 'Banner 5 of 5']);
    });

    it('shows neither banners nor promo, nor asks for them, when the setting is off', async () => {
      const calls = mockHome({ promo: '/my-account/demo/promo.svg' });
      await openHome(apexStudent());
      await screen.findByText('Annual Sports Day');
      expect(calls.banners).toHaveLength(0);
      expect(screen.queryByRole('region', { name: 'Banners' })).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Promotion' })).not.toBeInTheDocument();
    });

    it('shows the promotional pop-up once per browser', async () => {
      mockHome({ promo: '/my-account/demo/promo.svg' });
      const { unmount } = await openHome(greenfieldStudent());
      const dialog = await screen.findByRole('dialog', { name: 'Promotion' });
      expect(within(dialog).getByRole('img', { name: 'Promotion from your institute' })).toHaveAttribute(
        'src',
        '/my-account/demo/promo.svg',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Promotion' })).not.toBeInTheDocument());
      unmount();

      // A reload of the page: same browser, so no promo again.
      await openHome(greenfieldStudent());
      await screen.findByRole('region', { name: 'Banners' });
      expect(screen.queryByRole('dialog', { name: 'Promotion' })).not.toBeInTheDocument();
    });
  });
});
