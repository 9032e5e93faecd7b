import { PRODUCT_ID_PATTERN } from '~/commerce/catalogue/product-id';
import { MAX_LINE_QUANTITY } from '~/commerce/cart-limits';
import { guestListCookie, readCookie } from '~/lib/cookies';

/**
 * The cart of a guest whose browser runs no scripts (docs/decisions/0044): product ids and
 * quantities in one cookie, so the server can show and change it across requests. Names,
 * prices and pictures come from the catalogue each time; nothing in the cookie is trusted
 * beyond "this product, this many" (a hand-edited cookie only changes its own cart).
 * With scripts the device cart (guest-cart.ts) takes these lines in and the cookie is cleared.
 */
export const GUEST_CART_COOKIE = 'guest_cart';
/** About 60 bytes a line: 40 lines stay well inside a browser's 4 KB per cookie. */
export const MAX_COOKIE_LINES = 40;

export interface CookieLine {
  productId: string;
  quantity: number;
}

// `id.quantity` joined by `_`: neither character is in a product id, and both are allowed in a
// cookie value without quoting.
export function parseCartCookie(value: string | undefined | null): CookieLine[] {
  if (!value) return [];
  const byProduct = new Map<string, number>();
  for (const part of value.split('_')) {
    const pieces = part.split('.');
    if (pieces.length !== 2) continue;
    const [productId = '', count = ''] = pieces;
    const quantity = Number(count);
    if (!PRODUCT_ID_PATTERN.test(productId) || !Number.isInteger(quantity) || quantity < 1) continue;
    byProduct.set(productId, Math.min((byProduct.get(productId) ?? 0) + quantity, MAX_LINE_QUANTITY));
  }
  return [...byProduct].slice(0, MAX_COOKIE_LINES).map(([productId, quantity]) => ({ productId, quantity }));
}

export function serializeCartCookie(lines: readonly CookieLine[]): string {
  return lines.map((line) => `${line.productId}.${line.quantity}`).join('_');
}

/** The guest cart cookie of a request's Cookie header. */
export function readCartCookie(cookieHeader: string | null | undefined): CookieLine[] {
  return parseCartCookie(readCookie(cookieHeader ?? '', GUEST_CART_COOKIE));
}

/**
 * The Set-Cookie header that stores `lines` (or removes the cookie when there are none).
 * Readable by scripts on purpose: the device cart takes the lines over and clears it.
 */
export function cartCookieHeader(lines: readonly CookieLine[], secure: boolean): string {
  return guestListCookie(GUEST_CART_COOKIE, serializeCartCookie(lines), secure);
}

/** Adds to the product's line (new lines first, as the other carts order them), held at `most`. */
export function cookieWithAdded(
  lines: readonly CookieLine[],
  productId: string,
  quantity: number,
  most: number,
): { lines: CookieLine[]; quantity: number } | undefined {
  const existing = lines.find((line) => line.productId === productId);
  const next = Math.max(Math.min((existing?.quantity ?? 0) + quantity, most), 0);
  if (next < 1) return undefined;
  if (existing)
    return { quantity: next, lines: lines.map((l) => (l === existing ? { productId, quantity: next } : l)) };
  if (lines.length >= MAX_COOKIE_LINES) return undefined;
  return { quantity: next, lines: [{ productId, quantity: next }, ...lines] };
}

export function cookieWithQuantity(
  lines: readonly CookieLine[],
  productId: string,
  quantity: number,
): CookieLine[] {
  if (!Number.isInteger(quantity) || quantity < 1) return [...lines];
  const capped = Math.min(quantity, MAX_LINE_QUANTITY);
  return lines.map((line) => (line.productId === productId ? { productId, quantity: capped } : line));
}

export function cookieWithout(lines: readonly CookieLine[], productId: string): CookieLine[] {
  return lines.filter((line) => line.productId !== productId);
}
