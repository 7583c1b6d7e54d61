import type { Banner } from '@campus/domain/home/home-rules';
import { Anchor, Image } from '@mantine/core';
import { Link } from 'react-router';
import { landingRoute } from '../../../lib/shell-areas.ts';

const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

/** Banners are drawn 10:3 (1200×360); the box keeps that shape before the picture arrives, so nothing shifts. */
const bannerImage = { radius: 'md', fit: 'cover', style: { aspectRatio: '10 / 3', width: '100%' } } as const;

/** One banner: a link out (is_redir), a link to an app screen (land_scr), or only the picture. */
export function BannerSlide({ banner, position, count }: { banner: Banner; position: number; count: number }) {
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
