export { stripTags } from '../shared/text.ts';

/** Money in paise as the spec shows it elsewhere: whole rupees with Indian digit grouping. */
export function formatIndianAmount(paise: number): string {
  return new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(Math.round(paise / 100));
}

/** A product's price: 'Free' at 0, else the currency code and the amount (spec part 1 §3). */
export function priceLabel(pricePaise: number, currencyCode: string): string {
  return pricePaise === 0 ? 'Free' : `${currencyCode} ${formatIndianAmount(pricePaise)}`;
}

/** Splits products by the expired flag (0 active) into the Active and Expired tabs. */
export function splitProducts<T extends { expired: number }>(products: T[]): { active: T[]; expired: T[] } {
  return {
    active: products.filter((product) => product.expired === 0),
    expired: products.filter((product) => product.expired !== 0),
  };
}

/** The embed address of a YouTube video address, or undefined when it is not one. */
export function youtubeEmbedUrl(url: string): string | undefined {
  const match = /(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(url);
  return match ? `https://www.youtube-nocookie.com/embed/${match[1]}` : undefined;
}

/** True for a direct video file the browser can play itself. */
export const isDirectVideo = (url: string) => /\.(mp4|webm|ogg)(\?.*)?$/i.test(url);
