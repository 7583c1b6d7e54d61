import '@mantine/carousel/styles.css';
import type { Banner } from '@campus/domain/home/home-rules';
import { Carousel } from '@mantine/carousel';
import { useMediaQuery } from '@mantine/hooks';
import { BannerSlide } from './banner-slide.tsx';

/**
 * The home banner carousel (spec part 1 §2): up to 5 banners, each redirecting or landing on a screen. Its own file
 * (with embla, ~7 KB), loaded by home only, not by the full announcement list (home-screen.tsx).
 */
export default function BannerCarousel({ banners }: { banners: Banner[] }) {
  // On a phone the arrows would sit on the banner's headline (defect 8): there it swipes, and the dots below
  // (buttons, so keyboards reach them too) move between banners.
  const isWide = useMediaQuery('(min-width: 48em)', false);
  if (banners.length === 0) return null;
  return (
    <section aria-label="Banners">
      <Carousel
        withIndicators={banners.length > 1}
        withControls={banners.length > 1 && isWide}
        emblaOptions={{ loop: true }}
        slideGap="md"
        previousControlProps={{ 'aria-label': 'Previous banner' }}
        nextControlProps={{ 'aria-label': 'Next banner' }}
        getIndicatorProps={(index) => ({ 'aria-label': `Show banner ${index + 1}` })}
        // Each dot is drawn 5 px high but takes a 24 px tap (WCAG 2.2's minimum target): the padding is clear.
        styles={{ indicator: { height: 24, width: 32, padding: '9.5px 0', backgroundClip: 'content-box' } }}
      >
        {banners.map((banner, index) => (
          <Carousel.Slide key={`${index}-${banner.web_url}`}>
            <BannerSlide banner={banner} position={index + 1} count={banners.length} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </section>
  );
}
