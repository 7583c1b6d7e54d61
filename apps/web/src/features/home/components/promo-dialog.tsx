import { lazy, Suspense, useEffect, useState } from 'react';

const PromoModal = lazy(() => import('./promo-modal.tsx'));

/** Browser-wide flag: the promotional pop-up has been shown (spec part 1 §2, once per browser). */
export const promoSeenKey = 'promo_seen';

const hasSeenPromo = () => {
  try {
    return localStorage.getItem(promoSeenKey) === '1';
  } catch {
    return false;
  }
};

/** The promotional pop-up: shown the first time this browser has a promo to show, never again. */
export function PromoDialog({ imageUrl }: { imageUrl: string | undefined }) {
  // Read once: the flag this screen sets must not close the pop-up it is showing.
  const [wasSeenBefore] = useState(hasSeenPromo);
  const [shown, setShown] = useState<{ url: string; isOpen: boolean }>();
  if (imageUrl && !wasSeenBefore && shown === undefined) setShown({ url: imageUrl, isOpen: true });

  useEffect(() => {
    // Marked as seen when it opens: a reload before closing it must not show it again.
    if (shown) localStorage.setItem(promoSeenKey, '1');
  }, [shown]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PromoModal
        url={shown.url}
        isOpen={shown.isOpen}
        onClose={() => setShown((current) => current && { ...current, isOpen: false })}
      />
    </Suspense>
  );
}
