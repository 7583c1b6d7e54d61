import { afterEach, describe, expect, it, vi } from 'vitest';
import { paintedMessages, paintFirstNotice, paintMessages, paintProduct, screenPainters } from './boot-screen.ts';

const main = () => document.createElement('main');

/** The page's `main` for a product's address, in the document (the card is shown only while it is there). */
const productMain = () => {
  const into = main();
  document.body.append(into);
  return into;
};

const product = (overrides: Record<string, unknown> = {}) => ({
  id: 2,
  title: 'Spoken English',
  about: 'Spoken English brings recorded lectures.\nStudy at your pace.',
  photo_url: '',
  logo_url: '',
  price: 0,
  currency_code: 'INR',
  ...overrides,
});

describe('what the page paints of a screen before the app (boot script)', () => {
  it('paints the inbox’s newest messages in the screen’s order, leaving out one without a valid time', () => {
    const into = main();
    const painted = paintMessages(into, [
      { message: 'School closed tomorrow.', createdDateTime: '2026-11-27T01:33:00Z' },
      { message: 'No time.', createdDateTime: 'soon' },
      { message: 'Sports Day on Saturday.\nReport by 8.', createdDateTime: '2026-11-26T00:33:00Z' },
    ]);
    expect(painted).toBe(into);
    expect([...into.querySelectorAll('.boot-box p')].map((line) => line.textContent)).toEqual([
      'School closed tomorrow.',
      'Sports Day on Saturday.\nReport by 8.',
    ]);
  });

  it('paints at most a screenful of messages, as text, and nothing for an empty or unexpected answer', () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      message: `<img src=x onerror=alert(${index})>`,
      createdDateTime: '2026-11-27T01:33:00Z',
    }));
    const into = main();
    paintMessages(into, many);
    expect(into.querySelectorAll('.boot-box')).toHaveLength(paintedMessages);
    expect(into.querySelector('img')).toBeNull();
    expect(into.querySelector('.boot-box p')?.textContent).toBe('<img src=x onerror=alert(0)>');
    for (const answer of [[], null, { code: 'X' }, [{ message: 1 }]]) {
      const empty = main();
      expect(paintMessages(empty, answer)).toBeUndefined();
      expect(empty.childElementCount).toBe(0);
    }
  });

  it('paints the first notice’s image, named by its title, and nothing when the first notice has none', () => {
    const into = main();
    const answer = {
      data: {
        result: [
          { ancmnt_title: 'Annual Sports Day', announcement_img_url: '/api/v1/files/sports' },
          { ancmnt_title: 'Second', announcement_img_url: '/api/v1/files/second' },
        ],
      },
    };
    const image = paintFirstNotice(into, answer);
    expect(image).toBeInstanceOf(HTMLImageElement);
    expect(into.children).toHaveLength(1);
    expect(image).toMatchObject({ alt: 'Annual Sports Day', className: 'boot-notice' });
    expect(image!.getAttribute('src')).toBe('/api/v1/files/sports');
    const none = main();
    const plain = { data: { result: [{ ancmnt_title: 'Text only', announcement_img_url: '' }] } };
    expect(paintFirstNotice(none, plain)).toBeUndefined();
    expect(paintFirstNotice(none, { data: { result: [] } })).toBeUndefined();
    expect(none.childElementCount).toBe(0);
  });

  describe('a product’s card', () => {
    afterEach(() => {
      document.body.replaceChildren();
      vi.restoreAllMocks();
    });

    it('paints the product the address names: title, price and description as text, under the Go Back place', () => {
      const into = productMain();
      const answer = {
        result: [
          product({ id: 1, title: 'Other' }),
          product({ price: 149900, about: '<b>Not markup</b>\nSecond line' }),
        ],
      };
      const painted = paintProduct(into, answer, '/product/2');
      expect(into.firstElementChild?.className).toBe('boot-back');
      expect([...into.querySelectorAll('.boot-card p')].map((line) => line.textContent)).toEqual([
        'Spoken English',
        'INR 1,499',
        '<b>Not markup</b>\nSecond line',
      ]);
      expect(painted).toBe(into.querySelector('.boot-about'));
      expect(into.querySelector('b')).toBeNull();
    });

    it('shows a card with a picture once the picture has its height, so the text under it does not move', async () => {
      let decoded!: () => void;
      vi.spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(
        () => new Promise<void>((resolve) => (decoded = resolve)),
      );
      const into = productMain();
      const image = paintProduct(
        into,
        { result: [product({ photo_url: '/demo/english.svg', price: 0 })] },
        '/Product/2',
      );
      expect(image).toBeInstanceOf(HTMLImageElement);
      expect(image).toMatchObject({ alt: 'Spoken English' });
      expect(into.childElementCount).toBe(0);
      decoded();
      await vi.waitFor(() => expect(into.querySelector('.boot-card.boot-split img')).toBe(image));
      expect(into.querySelector('.boot-price')?.textContent).toBe('Free');
    });

    it('shows the card without its picture when the picture fails', async () => {
      vi.spyOn(HTMLImageElement.prototype, 'decode').mockRejectedValue(new Error('broken'));
      const into = productMain();
      paintProduct(into, { result: [product({ logo_url: '/missing.png' })] }, '/product/2');
      await vi.waitFor(() => expect(into.querySelector('.boot-about')).not.toBeNull());
      expect(into.querySelector('img')).toBeNull();
    });

    it('paints nothing for another product, an unexpected answer or the list’s address', () => {
      for (const [path, answer] of [
        ['/product/7', { result: [product()] }],
        ['/product/2', { result: [] }],
        ['/product/2', null],
        ['/product/2', [product()]],
        ['/product', { result: [product()] }],
      ] as const) {
        const into = productMain();
        expect(paintProduct(into, answer, path)).toBeUndefined();
        expect(into.childElementCount).toBe(0);
      }
    });
  });

  it('paints only from the inbox, the notice list and My Products', () => {
    expect(Object.keys(screenPainters).sort()).toEqual([
      'home.announcements',
      'messages.byPhone',
      'products.myProducts',
    ]);
  });
});
