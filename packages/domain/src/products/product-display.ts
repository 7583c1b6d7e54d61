import type { z } from 'zod';
import { isDirectVideo, youtubeEmbedUrl } from './products.ts';
import type { itemTypeDescriptionAnswerSchema, Product } from './products.contract.ts';

/** One line of a product's 'Product Details' panel. */
export type ItemTypeDescription = z.infer<typeof itemTypeDescriptionAnswerSchema>['result'][number];

/** Values of the remembered product tab (spec part 1 §4): Active is prod_ongoing, Expired prod_expired. */
export const productTabs = { active: 'prod_ongoing', expired: 'prod_expired' } as const;
export type ProductTab = (typeof productTabs)[keyof typeof productTabs];

/** A stored tab value, or Active for anything else. */
export const readProductTab = (value: string | null | undefined): ProductTab =>
  value === productTabs.expired ? productTabs.expired : productTabs.active;

/** How far the sample-video scroll buttons move the row, in pixels (spec part 1 §2). */
export const videoScrollStep = 300;

/** A sample video the browser can show: a YouTube embed or a file it plays itself. */
export type SampleVideo = { kind: 'youtube'; url: string; source: string } | { kind: 'file'; url: string };

function parseUrlList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A product's sample videos: each YouTube address of `youtube_url` (a JSON array) as its embed address, then
 * direct mp4/webm/ogg files; anything else is left out.
 */
export function sampleVideos(product: Pick<Product, 'youtube_url' | 'video_url'>): SampleVideo[] {
  const videos: SampleVideo[] = [];
  for (const url of [...parseUrlList(product.youtube_url), product.video_url]) {
    const embed = youtubeEmbedUrl(url);
    if (embed) videos.push({ kind: 'youtube', url: embed, source: url });
    else if (isDirectVideo(url)) videos.push({ kind: 'file', url });
  }
  return videos;
}

/** A product's picture: its photo, else its logo (empty when it has neither). */
export const productImage = (product: Pick<Product, 'photo_url' | 'logo_url'>) => product.photo_url || product.logo_url;

/** `YYYY-MM-DD` as DD-MM-YYYY; anything else as '-'. */
export function formatIsoDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '-';
}
