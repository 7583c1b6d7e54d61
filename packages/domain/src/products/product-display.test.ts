import { describe, expect, it } from 'vitest';
import { formatIsoDate, productImage, productTabs, readProductTab, sampleVideos } from './product-display.ts';

describe('sampleVideos', () => {
  it('embeds YouTube addresses and keeps direct files', () => {
    expect(
      sampleVideos({
        youtube_url: JSON.stringify(['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://youtu.be/eRsGyueVLvQ']),
        video_url: 'https://videos.example.com/sample-lesson.mp4',
      }),
    ).toEqual([
      {
        kind: 'youtube',
        url: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
        source: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      },
      {
        kind: 'youtube',
        url: 'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ',
        source: 'https://youtu.be/eRsGyueVLvQ',
      },
      { kind: 'file', url: 'https://videos.example.com/sample-lesson.mp4' },
    ]);
  });

  it('leaves out unreadable lists, other sites and blanks', () => {
    expect(sampleVideos({ youtube_url: 'not json', video_url: '' })).toEqual([]);
    expect(sampleVideos({ youtube_url: '["https://vimeo.com/1", 7]', video_url: 'https://x.test/a.mov' })).toEqual([]);
    expect(sampleVideos({ youtube_url: '{"a":1}', video_url: 'https://x.test/a.webm' })).toEqual([
      { kind: 'file', url: 'https://x.test/a.webm' },
    ]);
  });
});

describe('readProductTab', () => {
  it('keeps prod_expired and reads anything else as prod_ongoing', () => {
    expect(readProductTab('prod_expired')).toBe(productTabs.expired);
    expect(readProductTab('prod_ongoing')).toBe(productTabs.active);
    expect(readProductTab(null)).toBe(productTabs.active);
    expect(readProductTab('other')).toBe(productTabs.active);
  });
});

describe('product display', () => {
  it('shows dates as DD-MM-YYYY', () => {
    expect(formatIsoDate('2026-03-09')).toBe('09-03-2026');
    expect(formatIsoDate('')).toBe('-');
  });

  it('uses the photo, else the logo', () => {
    expect(productImage({ photo_url: '/p.svg', logo_url: '/l.svg' })).toBe('/p.svg');
    expect(productImage({ photo_url: '', logo_url: '/l.svg' })).toBe('/l.svg');
  });
});
