import { useEffect } from 'react';
import { useBranding } from '../api/get-branding.ts';

const storageKey = 'favicon';

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}

/** Applies the institute favicon: the stored one at once (spec part 1 §2), then the fresh one from the host. */
export function Favicon() {
  const { data } = useBranding();
  useEffect(() => {
    const stored = localStorage.getItem(storageKey);
    if (stored) setFavicon(stored);
  }, []);
  useEffect(() => {
    if (!data?.favIconPath) return;
    localStorage.setItem(storageKey, data.favIconPath);
    setFavicon(data.favIconPath);
  }, [data?.favIconPath]);
  return null;
}
