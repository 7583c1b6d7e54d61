import type { Banner } from '@campus/domain/home/home-rules';
import { createElement } from 'react';
import { retryingLoader, useLoaded } from '../../../lib/on-demand.ts';
import { Image } from '@mantine/core';

// The carousel (embla and Mantine's Carousel, ~7 KB of script) is home's only: the full announcement list, the same
// screen, does without it (issue 28: /announcement over 150 KB). Home starts fetching it with its data (routes.ts).
const carousel = retryingLoader(async () => (await import('./banner-carousel.tsx')).default);

/**
 * Home's banners: the carousel, and until its code is in (or offline, where it failed) its first banner's picture
 * as the carousel shows it (banner-slide.tsx), the same size in the same place, so nothing moves when the carousel
 * takes over. Only the picture: the link comes with the carousel (a file less on home's first visit).
 */
export function Banners({ banners }: { banners: Banner[] }) {
  const loaded = useLoaded(carousel, banners.length > 0);
  if (banners.length === 0) return null;
  if (loaded) return createElement(loaded, { banners });
  return (
    <section aria-label="Banners">
      <Image
        src={banners[0]!.web_url}
        alt={banners[0]!.alt_text.trim() || `Banner 1 of ${banners.length}`}
        radius="md"
        fit="cover"
        style={{ aspectRatio: '10 / 3', width: '100%' }}
      />
    </section>
  );
}
