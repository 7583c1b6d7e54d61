import { describe, expect, it } from 'vitest';
import { isDirectVideo, priceLabel, splitProducts, stripTags, youtubeEmbedUrl } from './products.ts';

describe('products', () => {
  it('shows Free at 0 and the currency with Indian grouping otherwise', () => {
    expect(priceLabel(0, 'INR')).toBe('Free');
    expect(priceLabel(1_249_900, 'INR')).toBe('INR 12,499');
    expect(priceLabel(1_00_00_000_00, 'INR')).toBe('INR 1,00,00,000');
  });

  it('splits by the expired flag', () => {
    const { active, expired } = splitProducts([{ expired: 0 }, { expired: 1 }, { expired: 0 }]);
    expect(active).toHaveLength(2);
    expect(expired).toHaveLength(1);
  });

  it('strips tags and entities from a description', () => {
    expect(stripTags('<p>Full <b>JEE</b>&nbsp;course &amp; tests</p><script>alert(1)</script>')).toBe(
      'Full JEE course & tests',
    );
  });

  it('turns YouTube addresses into embeds and recognises direct video files', () => {
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://example.com/video.mp4')).toBeUndefined();
    expect(isDirectVideo('https://cdn.example.com/sample.webm?x=1')).toBe(true);
    expect(isDirectVideo('https://cdn.example.com/sample.avi')).toBe(false);
  });
});
