import { lazy, Suspense, useEffect } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { recordViewed, type ViewedProduct } from '../recently-viewed';

// Device-only, so nothing to render on the server: its code loads once the page is interactive.
const RecentlyViewedList = lazy(() => import('./recently-viewed-list'));

/**
 * "Recently viewed" on product and cart pages; `current` is the product page's own product,
 * `exclude` what the page lists already (the cart's lines).
 */
export function RecentlyViewed({
  current,
  exclude,
}: {
  current?: ViewedProduct;
  exclude?: readonly string[];
}) {
  const hydrated = useHydrated();
  // Recorded here, not by the list: a shopper who moves on before the list's code arrives
  // has still viewed the product. Once per product (the route hands a new object each render).
  const currentId = current?.id;
  useEffect(() => {
    if (current) recordViewed(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedList current={current} exclude={exclude} />
    </Suspense>
  );
}
