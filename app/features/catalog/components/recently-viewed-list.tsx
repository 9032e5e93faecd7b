import { useMemo, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '~/components/ui/fallback-image';
import { subscribeToKey } from '~/lib/storage';
import { PLACEHOLDER_IMAGE } from '~/commerce/catalogue/catalog';
import { parseViewed, RECENTLY_VIEWED_KEY, type ViewedProduct, viewedRaw } from '../recently-viewed';

const subscribe = (onChange: () => void) => subscribeToKey(RECENTLY_VIEWED_KEY, onChange);

/** The device's recently viewed products, newest first, but for the page's own product. */
export default function RecentlyViewedList({
  current,
  exclude = [],
}: {
  current?: ViewedProduct;
  exclude?: readonly string[];
}) {
  const raw = useSyncExternalStore(subscribe, viewedRaw, () => null);
  // This page's own product is recorded, not listed; so is what the page already shows.
  const viewed = useMemo(() => parseViewed(raw), [raw]);
  const shown = viewed.filter((p) => p.id !== current?.id && !exclude.includes(p.id));

  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-title" className="mt-12">
      <h2 id="recently-viewed-title" className="mb-4 text-2xl font-bold">
        Recently viewed
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
        {shown.map((product) => (
          <li key={product.id}>
            <Link to={product.link} className="flex flex-col gap-2 underline-offset-2 hover:underline">
              <FallbackImage
                src={product.image}
                alt=""
                width={160}
                height={160}
                fallbackSrc={PLACEHOLDER_IMAGE}
                loading="lazy"
                className="product-card-image"
              />
              <span className="text-sm font-bold">{product.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">Kept on this device only.</p>
    </section>
  );
}
