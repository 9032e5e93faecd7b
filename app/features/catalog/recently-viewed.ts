import { readString, writeJson } from '~/lib/storage';

/**
 * Products this device looked at, newest first, kept on the device only. No price is kept: a
 * remembered price goes stale, and the product page always shows the current one.
 */
export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
export const RECENTLY_VIEWED_MAX = 8;

export interface ViewedProduct {
  id: string;
  name: string;
  image: string;
  link: string;
}

const isViewed = (value: unknown): value is ViewedProduct => {
  const v = value as Partial<ViewedProduct> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    [v.id, v.name, v.image, v.link].every((field) => typeof field === 'string') &&
    // Only our own product pages: a tampered entry cannot become a link elsewhere.
    /^\/product\/[a-z0-9-]+$/.test(v.link ?? '')
  );
};

/** The stored list as text (a stable snapshot for useSyncExternalStore). */
export const viewedRaw = () => readString(RECENTLY_VIEWED_KEY);

export function parseViewed(raw: string | null): ViewedProduct[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isViewed).slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** The list with this product first (once), at most RECENTLY_VIEWED_MAX long. */
export function withViewed(list: readonly ViewedProduct[], product: ViewedProduct): ViewedProduct[] {
  return [product, ...list.filter((p) => p.id !== product.id)].slice(0, RECENTLY_VIEWED_MAX);
}

export function recordViewed(product: ViewedProduct): void {
  const { id, name, image, link } = product;
  writeJson(RECENTLY_VIEWED_KEY, withViewed(parseViewed(viewedRaw()), { id, name, image, link }));
}
