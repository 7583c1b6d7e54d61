import { describe, expect, it } from 'vitest';
import { paintedMessages, paintFirstNotice, paintMessages, screenPainters } from './boot-screen.ts';

const main = () => document.createElement('main');

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

  it('paints only from the inbox and the notice list', () => {
    expect(Object.keys(screenPainters).sort()).toEqual(['home.announcements', 'messages.byPhone']);
  });
});
