import { lazy, Suspense } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import type { ViewedProduct } from '../recently-viewed';

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
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedList current={current} exclude={exclude} />
    </Suspense>
  );
}
