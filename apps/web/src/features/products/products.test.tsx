import type { Session } from '@campus/domain/auth/auth.contract';
import type { Product } from '@campus/domain/products/products.contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apexStudent, mockBranding, storeSession, testDay } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

function product(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    title: `Product ${id}`,
    about: 'Recorded lectures, notes and tests together. Study at your pace; new content weekly.',
    photo_url: `/my-account/demo/product-${id}.svg`,
    logo_url: '',
    price: 499_900,
    currency_code: 'INR',
    category: 'Engineering',
    product_ecourse_maps: [{ course_type: 'Paid' }],
    public_order_id: `ORD-2-${id}`,
    is_enrolled: 1,
    enrolled_date: '2026-11-06',
    expire_on: '2027-03-21',
    expired: 0,
    youtube_url: '[]',
    video_url: '',
    ...overrides,
  };
}

const products = [
  product(11, {
    title: 'JEE Advanced Problem Bank',
    youtube_url: JSON.stringify(['https://www.youtube.com/watch?v=aqz-KE-bpKQ']),
    video_url: 'https://videos.example.com/sample-lesson.mp4',
  }),
  product(12, { title: 'Spoken English Basics', price: 0, category: 'Languages', product_ecourse_maps: [] }),
  product(13, { title: 'NEET Biology Booster', expired: 1, expire_on: '2026-11-20', price: 799_900 }),
];

const itemTypes = [
  { item_type: 'Video Lectures', description: 'Recorded lessons for every chapter. Find them under Study Materials.' },
  { item_type: 'Mock Tests', description: 'Timed full-length tests. Find them under My Exam.' },
];

function mockProducts(list: Product[] = products) {
  const calls = { lists: [] as Record<string, string | null>[], details: [] as string[] };
  server.use(
    http.get('*/prod/student-product/my-products', ({ request }) => {
      calls.lists.push({
        user: request.headers.get('x-prod-user-id'),
        institute: request.headers.get('x-prod-inst-id'),
      });
      return HttpResponse.json({ statusCode: 200, message: 'success', result: list });
    }),
    http.get('*/prod/student-product/item-type-description/:id', ({ params, request }) => {
      calls.details.push(`${String(params.id)} ${request.headers.get('x-prod-inst-id')}`);
      return list.some((item) => String(item.id) === params.id)
        ? HttpResponse.json({ statusCode: 200, message: 'success', result: itemTypes })
        : HttpResponse.json({ code: 'NOT_FOUND', message: 'No Products Available' }, { status: 404 });
    }),
  );
  return calls;
}

const buyer = (overrides: Partial<Session> = {}) =>
  apexStudent({ user_id: 203, user_type: 99, student_id: null, stud_id: null, name: 'Dev Buyer', ...overrides });

async function open(path: string, session: Session = buyer()) {
  storeSession(session);
  const view = renderRoute(path);
  await screen.findByRole('navigation', { name: 'Main menu' });
  return view;
}

const cardTitles = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('link')
    .map((link) => link.querySelector('p')?.textContent);

describe('my products (spec part 1 §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    notifications.clean();
    notifications.cleanQueue();
  });

  describe('list', () => {
    it('splits Active and Expired with counts, with price or Free and the category', async () => {
      const calls = mockProducts();
      await open('/product');
      expect(await screen.findByRole('tab', { name: 'Active (2)' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: 'Expired (1)' })).toBeInTheDocument();
      await waitFor(() => expect(cardTitles()).toEqual(['JEE Advanced Problem Bank', 'Spoken English Basics']));
      const [paid, free] = within(screen.getByRole('tabpanel')).getAllByRole('link');
      expect(paid).toHaveAttribute('href', '/product/11');
      expect(paid).toHaveTextContent('INR 4,999');
      expect(paid).toHaveTextContent('Engineering');
      expect(free).toHaveTextContent('Free');
      expect(free).toHaveTextContent('Languages');
      expect(calls.lists).toEqual([{ user: '203', institute: '2' }]);

      await userEvent.click(screen.getByRole('tab', { name: 'Expired (1)' }));
      await waitFor(() => expect(cardTitles()).toEqual(['NEET Biology Booster']));
      expect(screen.getByRole('tabpanel')).toHaveTextContent('Expired on 20-11-2026');
    });

    it('keeps the chosen tab across navigation', async () => {
      mockProducts();
      server.use(
        http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:id', () =>
          HttpResponse.json({ data: { result: [] } }),
        ),
      );
      const { router } = await open('/product');
      await userEvent.click(await screen.findByRole('tab', { name: 'Expired (1)' }));
      expect(localStorage.getItem('product_tab')).toBe('prod_expired');
      await userEvent.click(
        within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' }),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      await userEvent.click(
        within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'My Products' }),
      );
      expect(await screen.findByRole('tab', { name: 'Expired (1)' })).toHaveAttribute('aria-selected', 'true');
      await waitFor(() => expect(cardTitles()).toEqual(['NEET Biology Booster']));
      await userEvent.click(screen.getByRole('tab', { name: 'Active (2)' }));
      expect(localStorage.getItem('product_tab')).toBe('prod_ongoing');
    });

    it('says No Products Available when a tab is empty', async () => {
      mockProducts([]);
      await open('/product');
      expect(await screen.findByText('No Products Available')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Active (0)' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Expired (0)' })).toBeInTheDocument();
    });

    it('links to the store with Click Here only when the institute has one', async () => {
      mockProducts();
      const { unmount } = await open('/product', buyer({ prodUrl: 'https://store.apex.test/courses' }));
      expect(screen.getByText('To buy More Products')).toBeInTheDocument();
      const store = screen.getByRole('link', { name: 'Click Here' });
      expect(store).toHaveAttribute('href', 'https://store.apex.test/courses');
      expect(store).toHaveAttribute('target', '_blank');
      unmount();

      await open('/product', buyer({ prodUrl: '' }));
      await screen.findByRole('tab', { name: 'Active (2)' });
      expect(screen.queryByRole('link', { name: 'Click Here' })).not.toBeInTheDocument();
      expect(screen.queryByText('To buy More Products')).not.toBeInTheDocument();
    });
  });

  describe('detail', () => {
    it('opens from its card and shows the product, its dates, sample videos and Product Details', async () => {
      const calls = mockProducts();
      const { router } = await open('/product');
      await userEvent.click(await screen.findByRole('link', { name: /JEE Advanced Problem Bank/ }));
      expect(await screen.findByRole('heading', { level: 1, name: 'JEE Advanced Problem Bank' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/product/11');
      expect(screen.getByText('INR 4,999')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'JEE Advanced Problem Bank' })).toHaveAttribute(
        'src',
        '/my-account/demo/product-11.svg',
      );
      expect(screen.getByText(/Recorded lectures, notes and tests together/)).toBeInTheDocument();
      for (const [label, value] of [
        ['Category', 'Engineering'],
        ['Order ID', 'ORD-2-11'],
        ['Purchased On', '06-11-2026'],
        ['Expires On', '21-03-2027'],
      ] as const) {
        expect(screen.getByText(label, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value);
      }

      const videos = screen.getByRole('region', { name: 'Sample Videos' });
      expect(within(videos).getByTitle('Sample video 1')).toHaveAttribute(
        'src',
        'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      );
      const file = within(videos).getByLabelText('Sample video 2');
      expect(file.tagName).toBe('VIDEO');
      expect(file).toHaveAttribute('src', 'https://videos.example.com/sample-lesson.mp4');
      expect(file).toHaveAttribute('controls');

      const details = screen.getByRole('region', { name: 'Product Details' });
      expect(await within(details).findByText('Video Lectures')).toBeInTheDocument();
      expect(within(details).getByText('Timed full-length tests. Find them under My Exam.')).toBeInTheDocument();
      expect(calls.details).toEqual(['11 2']);
      // The list answer is shared: the detail page asked for it no second time.
      expect(calls.lists).toHaveLength(1);
    });

    it('shows Free for a free product and no videos when it has none', async () => {
      mockProducts();
      await open('/product/12');
      expect(await screen.findByRole('heading', { level: 1, name: 'Spoken English Basics' })).toBeInTheDocument();
      expect(screen.getByText('Free')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Sample Videos' })).not.toBeInTheDocument();
    });

    it('scrolls the sample videos by 300 px each way', async () => {
      mockProducts();
      const scrollBy = vi.fn();
      vi.spyOn(HTMLElement.prototype, 'scrollBy').mockImplementation(scrollBy);
      await open('/product/11');
      await screen.findByRole('heading', { level: 1, name: 'JEE Advanced Problem Bank' });
      await userEvent.click(screen.getByRole('button', { name: 'Scroll videos right' }));
      await userEvent.click(screen.getByRole('button', { name: 'Scroll videos left' }));
      expect(scrollBy.mock.calls).toEqual([[{ left: 300, behavior: 'smooth' }], [{ left: -300, behavior: 'smooth' }]]);
    });

    it('goes back to the list with Go Back', async () => {
      mockProducts();
      const { router } = await open('/product/13');
      await screen.findByRole('heading', { level: 1, name: 'NEET Biology Booster' });
      await userEvent.click(screen.getByRole('link', { name: 'Go Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/product'));
      expect(await screen.findByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    });

    it('says No Products Available for a product that is not the user’s', async () => {
      mockProducts();
      await open('/product/999');
      expect(await screen.findByText('No Products Available')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/product');
    });
  });
});
