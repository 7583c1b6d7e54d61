import '@mantine/carousel/styles.css';
import type { Banner } from '@campus/domain/home/home-rules';
import { landingRoute } from '@campus/domain/home/home-rules';
import { Carousel } from '@mantine/carousel';
import { Anchor, Image } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';

const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

/** Banners are drawn 10:3 (1200×360); the box keeps that shape before the picture arrives, so nothing shifts. */
const bannerImage = { radius: 'md', fit: 'cover', style: { aspectRatio: '10 / 3', width: '100%' } } as const;

/** One banner: a link out (is_redir), a link to an app screen (land_scr), or only the picture. */
function BannerSlide({ banner, position, count }: { banner: Banner; position: number; count: number }) {
  // Screen readers hear what the banner says; its position only when the institute gave it no words (defect 8).
  const name = banner.alt_text.trim() || `Banner ${position} of ${count}`;
  const route = landingRoute(banner.land_scr);
  if (banner.is_redir && isWebAddress(banner.red_link)) {
    return (
      <Anchor href={banner.red_link} target="_blank" rel="noopener noreferrer" display="block">
        <Image src={banner.web_url} alt={`${name} (opens in a new tab)`} {...bannerImage} />
      </Anchor>
    );
  }
  if (!banner.is_redir && route) {
    return (
      <Anchor component={Link} to={route} display="block">
        <Image src={banner.web_url} alt={name} {...bannerImage} />
      </Anchor>
    );
  }
  return <Image src={banner.web_url} alt={name} {...bannerImage} />;
}

/** The home banner carousel (spec part 1 §2): up to 5 banners, each redirecting or landing on a screen. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
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
