import type { Banner } from '@campus/domain/home/home-rules';
import { createElement } from 'react';
import { retryingLoader, useLoaded } from '../../../lib/on-demand.ts';
import { BannerSlide } from './banner-slide.tsx';

// The carousel (embla and Mantine's Carousel, ~7 KB of script) is home's only: the full announcement list, the same
// screen, does without it (issue 28: /announcement over 150 KB). Home starts fetching it with its data (routes.ts).
const carousel = retryingLoader(async () => (await import('./banner-carousel.tsx')).default);

/**
 * Home's banners: the carousel, and until its code is in (or offline, where it failed) its first banner as the
 * carousel shows it, the same size in the same place, so nothing moves when the carousel takes over.
 */
export function Banners({ banners }: { banners: Banner[] }) {
  const loaded = useLoaded(carousel, banners.length > 0);
  if (banners.length === 0) return null;
  if (loaded) return createElement(loaded, { banners });
  return (
    <section aria-label="Banners">
      <BannerSlide banner={banners[0]!} position={1} count={banners.length} />
    </section>
  );
}
