import { localId, readJson, writeJson } from '~/lib/storage';
import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import type { StockStatus } from '~/commerce/catalogue/catalog.types';

/**
 * The wishlist of a visitor who is not signed in, kept on the device under `wishlist`
 * (id, name, image, price, link; we keep product_id to merge it at sign-in, and the
 * stock seen when it was added so an out-of-stock product is not offered for the cart).
 */
export const WISHLIST_KEY = 'wishlist';

export interface WishlistEntry {
  id: string;
  product_id: string;
  name: string;
  image: string;
  /** Cents. */
  price: number;
  link: string;
  stock?: StockStatus;
}

export interface WishlistProduct {
  id: string;
  name: string;
  image: string;
  price: number;
  link: string;
  stock?: StockStatus;
}

const STOCK: readonly string[] = ['In Stock', 'Low Stock', 'Out of Stock'];

function toEntry(value: unknown): WishlistEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  // Older entries may carry only `id` (the product id) and `link`.
  const productId = typeof v.product_id === 'string' ? v.product_id : v.id;
  if (typeof productId !== 'string' || !PRODUCT_ID_PATTERN.test(productId)) return undefined;
  if (typeof v.name !== 'string' || !v.name) return undefined;
  if (typeof v.price !== 'number' || !Number.isFinite(v.price) || v.price < 0) return undefined;
  return {
    id: typeof v.id === 'string' && v.id ? v.id : localId(),
    product_id: productId,
    name: v.name,
    image: typeof v.image === 'string' ? v.image : '',
    price: Math.round(v.price),
    link: `/product/${productId}`,
    stock: typeof v.stock === 'string' && STOCK.includes(v.stock) ? (v.stock as StockStatus) : undefined,
  };
}

/** Valid entries of whatever was stored, each product once; damaged data is dropped. */
export function parseWishlist(value: unknown): WishlistEntry[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.flatMap((raw) => {
    const entry = toEntry(raw);
    if (!entry || seen.has(entry.product_id)) return [];
    seen.add(entry.product_id);
    return [entry];
  });
}

export function readGuestWishlist(): WishlistEntry[] {
  return parseWishlist(readJson(WISHLIST_KEY));
}

export function writeGuestWishlist(entries: readonly WishlistEntry[]): boolean {
  return writeJson(WISHLIST_KEY, entries);
}

export function entryOf(product: WishlistProduct, id = localId()): WishlistEntry {
  return {
    id,
    product_id: product.id,
    name: product.name,
    image: product.image,
    price: product.price,
    link: product.link,
    stock: product.stock,
  };
}

/** Adds the product if absent, removes it if present. */
export function toggled(
  entries: readonly WishlistEntry[],
  product: WishlistProduct,
): { entries: WishlistEntry[]; added: boolean } {
  if (entries.some((entry) => entry.product_id === product.id)) {
    return { entries: withoutProduct(entries, product.id), added: false };
  }
  return { entries: [entryOf(product), ...entries], added: true };
}

export function withoutProduct(entries: readonly WishlistEntry[], productId: string): WishlistEntry[] {
  return entries.filter((entry) => entry.product_id !== productId);
}
